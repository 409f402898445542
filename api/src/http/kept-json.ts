// A kept answer (lib/versioned-cache.ts gives the same object to every request until a write) is
// written out as JSON once, not at every request: the office's week schedule is ~80 KB of small objects
// at 10k/100k, and turning it into text cost ~4 ms of the one thread per request.
import type { Context } from 'koa';

// As bytes: a string body is encoded again at every write.
const written = new WeakMap<object, Buffer>();

/** Answers `{ success: true, ...answer }`, its text made once per kept answer. The answer must not change once given. */
export function answerKept(ctx: Context, answer: object): void {
  let text = written.get(answer);
  if (text === undefined) {
    text = Buffer.from(JSON.stringify({ success: true, ...answer }));
    written.set(answer, text);
  }
  ctx.type = 'application/json';
  ctx.body = text;
}
