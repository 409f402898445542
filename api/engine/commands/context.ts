// What a command handler gets: the store, open cursors, the database named by `$db`.
import type { Document } from 'bson';
import type { Cursors } from '../cursors.js';
import { fail } from '../errors.js';
import type { Store } from '../store.js';
import type { Steps } from '../slices.js';
import type { Doc } from '../values.js';

export interface Ctx {
  store: Store;
  cursors: Cursors;
  db: string;
  cmd: Document;
  connectionId: number;
}

/** A command: its reply, or steps that may pause between slices (long scans, sorts, many writes). */
export type Handler = (ctx: Ctx) => Doc | Steps<Doc>;

/** The collection name a command targets (its first field's value). */
export function collName(ctx: Ctx, field: string): string {
  const v = ctx.cmd[field];
  if (typeof v !== 'string' || !v) fail('InvalidOptions', `collection name has invalid type ${typeof v}`);
  return v;
}

export function docOr(v: unknown, dflt: Doc = {}): Doc {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : dflt;
}
