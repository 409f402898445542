// Cooperative time slicing: the engine has one thread, so a long command (a scan of many documents, a
// big sort, a multi-document write) is written as a generator that offers to pause at checkpoints;
// run by `drive`, it gives the event loop back once its slice has run SLICE_MS, so the commands of
// other connections are handled in between. `runSync` runs the same steps without pausing.
import { fail } from './errors.js';

/** A command's work: yields where it may pause, returns its result. */
export type Steps<T> = Generator<void, T, void>;

/** How long one slice may run before other connections get their turn. */
export const SLICE_MS = 3;

let sliceStart = performance.now();
/** Iterations between two clock reads at a checkpoint. */
const EVERY = 64;
let tick = 0;

/** Whether the running slice has used its time (cheap: reads the clock every EVERY calls). */
export function due(): boolean {
  return ++tick % EVERY === 0 && performance.now() - sliceStart > SLICE_MS;
}

/** Whether the running slice has used its time (reads the clock on every call: for coarse loops). */
export function dueNow(): boolean {
  return performance.now() - sliceStart > SLICE_MS;
}

/** Fails with MaxTimeMSExpired once `deadline` (a performance.now() time) has passed. */
export function checkDeadline(deadline: number | undefined): void {
  if (deadline !== undefined && performance.now() > deadline) fail('MaxTimeMSExpired', 'operation exceeded time limit');
}

export function isSteps<T>(v: unknown): v is Steps<T> {
  return typeof v === 'object' && v !== null && typeof (v as Steps<T>).next === 'function' && typeof (v as Steps<T>)[Symbol.iterator] === 'function';
}

/** Runs the steps to the end on this turn of the event loop (for callers that need the answer now). */
export function runSync<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the steps in slices: the answer comes back synchronously when they finish within the first
 * slice (most commands), else as a promise, with a macrotask (I/O of other connections) between slices.
 * `stillWanted` is asked before each later slice; when it throws, the steps are abandoned.
 */
export function drive<T>(steps: Steps<T>, stillWanted?: () => void): T | Promise<T> {
  sliceStart = performance.now();
  const first = steps.next();
  if (first.done) return first.value;
  return (async () => {
    for (;;) {
      await macrotask();
      try {
        stillWanted?.();
      } catch (e) {
        steps.return(undefined as T);
        throw e;
      }
      sliceStart = performance.now();
      const r = steps.next();
      if (r.done) return r.value;
    }
  })();
}
