// mongodump's directory layout, which mongorestore reads: <db>/<collection>.bson (the documents' BSON
// back to back) and <collection>.metadata.json (canonical Extended JSON: options, indexes with v/key/name
// and their options, uuid, collectionName, type). Plus this app's manifest, written last, that a restore
// checks first: counts and SHA-256 of every file, so a partial or damaged backup is refused.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EJSON, type Document } from 'bson';

export const MANIFEST = 'backup-manifest.json';
/** Journal records written after the backup's moment (engine copy), for `restore --until`. */
export const JOURNAL_COPY = 'journal-since-backup.bson';
export const FORMAT = 'sparkleclean-backup';
/** A backup being written lives here until it is complete and renamed. */
export const PARTIAL = /\.partial-\d+$/;

export interface CollectionEntry {
  db: string;
  name: string;
  count: number;
  bytes: number;
  sha256: string;
  metadataSha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: 1;
  /** The directory name it was written for: a copy renamed from a partial dir is refused. */
  name: string;
  /** The backup's moment (ISO). */
  at: string;
  source: 'embedded' | 'mongodb';
  collections: CollectionEntry[];
  /** Whether journal records since `at` are copied beside it (embedded engine only). */
  journal: boolean;
}

export const bsonFile = (dir: string, db: string, coll: string) => path.join(dir, db, `${coll}.bson`);
export const metadataFile = (dir: string, db: string, coll: string) => path.join(dir, db, `${coll}.metadata.json`);

/** Index specs as mongodump writes them: v first, then key, name and the options, no `ns`. */
export function metadataJson(name: string, indexes: Document[]): string {
  const specs = indexes.map(({ v: _v, ns: _ns, key, name: ixName, ...options }) => ({ v: 2, key, name: ixName, ...options }));
  if (!specs.some((s) => s.name === '_id_')) specs.unshift({ v: 2, key: { _id: 1 }, name: '_id_' });
  const meta = { options: {}, indexes: specs, uuid: randomUUID().replace(/-/g, ''), collectionName: name, type: 'collection' };
  return EJSON.stringify(meta, { relaxed: false });
}

export function readMetadata(file: string): { indexes: Document[]; collectionName: string; options: Document; } {
  return EJSON.parse(fs.readFileSync(file, 'utf8'), { relaxed: false }) as { indexes: Document[]; collectionName: string; options: Document; };
}

/** Every document of a .bson file as its bytes, read 4 MiB at a time (files of any size). */
export function* bsonDocuments(file: string): Generator<Buffer> {
  const fd = fs.openSync(file, 'r');
  try {
    let buf = Buffer.alloc(0);
    const chunk = Buffer.allocUnsafe(4 << 20);
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n > 0) buf = buf.length ? Buffer.concat([buf, chunk.subarray(0, n)]) : Buffer.from(chunk.subarray(0, n));
      let at = 0;
      while (buf.length - at >= 4) {
        const len = buf.readInt32LE(at);
        if (len < 5) throw new Error(`${file}: bad document length at byte ${at}`);
        if (buf.length - at < len) break;
        yield buf.subarray(at, at + len);
        at += len;
      }
      buf = buf.subarray(at);
      if (n === 0) {
        if (buf.length) throw new Error(`${file}: ends inside a document`);
        return;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** Count and SHA-256 of a .bson file, walking its documents. */
export function summarize(file: string): { count: number; bytes: number; sha256: string; } {
  const h = createHash('sha256');
  let count = 0;
  let bytes = 0;
  for (const d of bsonDocuments(file)) {
    h.update(d);
    count++;
    bytes += d.length;
  }
  return { count, bytes, sha256: h.digest('hex') };
}

/** The same, read asynchronously a chunk at a time: the server's scheduled backup must not hold its event loop. */
export async function summarizeAsync(file: string): Promise<{ count: number; bytes: number; sha256: string; }> {
  const h = createHash('sha256');
  let count = 0;
  let bytes = 0;
  const fh = await fs.promises.open(file, 'r');
  try {
    let carry = Buffer.alloc(0);
    const chunk = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const { bytesRead } = await fh.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      h.update(chunk.subarray(0, bytesRead));
      bytes += bytesRead;
      let buf = carry.length ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
      let at = 0;
      while (buf.length - at >= 4) {
        const len = buf.readInt32LE(at);
        if (len < 5) throw new Error(`${file}: bad document length`);
        if (buf.length - at < len) break;
        count++;
        at += len;
      }
      buf = buf.subarray(at);
      carry = Buffer.from(buf);
    }
    if (carry.length) throw new Error(`${file}: ends inside a document`);
  } finally {
    await fh.close();
  }
  return { count, bytes, sha256: h.digest('hex') };
}

export const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The manifest of a complete backup, or an error saying why this directory is not one. */
export function verifiedManifest(dir: string): Manifest {
  const abs = path.resolve(dir);
  if (PARTIAL.test(abs)) throw new Error(`${dir} is an unfinished backup (its writer stopped before the end)`);
  const file = path.join(abs, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} has no ${MANIFEST}: not a complete backup`);
  let m: Manifest;
  try {
    m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new Error(`${dir}/${MANIFEST} is damaged`);
  }
  if (m.format !== FORMAT || m.version !== 1 || !Array.isArray(m.collections)) {
    throw new Error(`${dir}/${MANIFEST} is not a backup manifest this version reads`);
  }
  for (const c of m.collections) {
    const data = bsonFile(abs, c.db, c.name);
    const meta = metadataFile(abs, c.db, c.name);
    if (!fs.existsSync(data) || !fs.existsSync(meta)) throw new Error(`${dir}: ${c.db}.${c.name} is missing`);
    const s = summarize(data);
    if (s.count !== c.count || s.sha256 !== c.sha256) {
      throw new Error(`${dir}: ${c.db}.${c.name} does not match the manifest (${s.count} documents, expected ${c.count})`);
    }
    if (sha256Of(meta) !== c.metadataSha256) throw new Error(`${dir}: ${c.db}.${c.name}.metadata.json does not match the manifest`);
  }
  return m;
}

export function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
