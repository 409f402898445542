// Admin commands for an online backup (backup.ts does the work): open a point-in-time view, read each
// collection's documents as BSON bytes in batches, close it (naming where the journal copy goes).
import { Binary } from 'bson';
import { closeView, openView, readView } from '../backup.js';
import { fail } from '../errors.js';
import { numberOf } from '../values.js';
import type { Handler } from './context.js';

function idOf(v: unknown): number {
  const n = numberOf(v);
  if (n === undefined || !Number.isInteger(n)) fail('InvalidOptions', 'backup view id must be an integer');
  return n;
}

export const backupCommands: Record<string, Handler> = {
  embeddedBackupOpen: (ctx) => ({ ...openView(ctx.store), ok: 1 }),
  embeddedBackupRead: (ctx) => {
    const r = readView(ctx.store, idOf(ctx.cmd.embeddedBackupRead), idOf(ctx.cmd.coll), idOf(ctx.cmd.from ?? 0));
    return { bytes: new Binary(r.bytes), next: r.next, ok: 1 };
  },
  embeddedBackupClose: (ctx) => {
    const to = ctx.cmd.journalTo;
    closeView(ctx.store, idOf(ctx.cmd.embeddedBackupClose), typeof to === 'string' && to ? to : undefined);
    return { ok: 1 };
  },
};
