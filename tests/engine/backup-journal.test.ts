// The engine's journal copy for point-in-time restores (backup.ts): records after the backup's view,
// each commit behind a wall-time marker, carried on after a restart, and a torn tail left by a crash cut
// off before appending (else a reader would stop there and never see the later changes).
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Document } from 'bson';
import mongoose from 'mongoose';
import { afterEach, expect, it } from 'vitest';
import { startEngine } from '../../api/engine/index';
import { readRecords } from '../../api/engine/journal';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function withEngine(dataDir: string, fn: (db: mongoose.mongo.Db) => Promise<void>) {
  const engine = await startEngine({ dataDir });
  const client = await new mongoose.mongo.MongoClient(`${engine.uri}?directConnection=true`).connect();
  try {
    await fn(client.db('t'));
  } finally {
    await client.close();
    await engine.close();
  }
}

it('copies the changes after the view with their time, resumes after a restart and cuts a torn tail', async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sc-ejc-'));
  dirs.push(root);
  const dataDir = path.join(root, 'db');
  const copy = path.join(root, 'journal-copy.bson');
  const t0 = new Date();
  await withEngine(dataDir, async (db) => {
    await db.collection('c').insertOne({ _id: 'before' as never });
    const open = await db.admin().command({ embeddedBackupOpen: 1 });
    expect(open.collections.map((c: Document) => [c.name, c.count])).toEqual([['c', 1]]);
    await db.collection('c').insertOne({ _id: 'during' as never });
    await db.admin().command({ embeddedBackupClose: open.id, journalTo: copy });
    await db.collection('c').insertOne({ _id: 'after' as never });
  });
  // A crash mid-append: a frame header promising more bytes than follow.
  const torn = Buffer.alloc(20);
  torn.writeUInt32LE(500, 0);
  appendFileSync(copy, torn);
  await withEngine(dataDir, async (db) => {
    await db.collection('c').deleteOne({ _id: 'before' as never });
  });
  const recs: Document[] = [];
  readRecords(copy, (r) => recs.push(r));
  const ops = recs.filter((r) => r.o !== 'ts').map((r) => r.o);
  expect(ops).toEqual(['docs', 'docs', 'del']);
  const times = recs.filter((r) => r.o === 'ts').map((r) => r.t as Date);
  expect(times).toHaveLength(3);
  for (const t of times) expect(t.getTime()).toBeGreaterThanOrEqual(t0.getTime() - 1000);
  expect(recs.at(-1)!.id).toBe('before');
});
