// bench:scale's settings, read once from the environment (see main.ts for what each one does).
import path from 'node:path';
import { createTokenService } from '../../../api/src/http/auth';

const DEFAULT_STEPS = '10000:100000,50000:500000';
/** `npm run bench:scale -- --steps 10000:100000` or SCALE_STEPS=…: the customers:bookings steps to run, in order. */
function stepsArg(): string {
  const i = process.argv.indexOf('--steps');
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  return process.env.SCALE_STEPS ?? DEFAULT_STEPS;
}

export const STEPS = stepsArg().split(',').map((s) => s.split(':').map(Number) as [number, number]);
for (const [c, b] of STEPS) if (!(c > 0 && b > 0)) throw new Error(`a step is customers:bookings, e.g. 10000:100000 (got ${STEPS.join(' ')})`);
export const FILES_MB = Number(process.env.SCALE_FILES_MB ?? 500);
export const SECONDS = Number(process.env.SCALE_SECONDS ?? 5);
export const EMPLOYEES = 30;
export const POSTS = 200;
export const JWT_SECRET = `scale-bench-secret-of-at-least-32-bytes-${process.pid}`;
export const REUSE = process.env.SCALE_DATA ? path.resolve(process.env.SCALE_DATA) : undefined;
export const ONLY = process.env.SCALE_ONLY ? new RegExp(process.env.SCALE_ONLY, 'i') : undefined;
export const wanted = (label: string) => !ONLY || ONLY.test(label);
export const tokens = createTokenService(JWT_SECRET, { customer: '1h', employee: '1h' });

export const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
