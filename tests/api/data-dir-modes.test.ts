// Everything under DATA_DIR is its owner's only: folders 0700, files 0600 (the database's journal,
// snapshot and blob segments, the mail outbox with its codes, links and CVs, uploads on their way in),
// whatever the umask; and a data dir left readable by an older version is tightened at start.
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, lstat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput, insertCustomer } from '../support/customers';
import { form, tinyPdf } from './employee-fixtures';
import { tightenDataDir } from '../../api/src/data-dir';

const modeOf = async (p: string) => (await stat(p)).mode & 0o777;

/** Every folder, file and socket under `dir` (itself included), with its permission bits. */
async function walk(dir: string): Promise<{ path: string; kind: 'dir' | 'file' | 'other'; mode: number; }[]> {
  const s = await lstat(dir);
  const out = [{ path: dir, kind: s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other', mode: s.mode & 0o777 } as const];
  if (!s.isDirectory()) return [...out];
  const below = await Promise.all((await readdir(dir)).map((name) => walk(path.join(dir, name))));
  return [...out, ...below.flat()];
}

const loose = (entries: Awaited<ReturnType<typeof walk>>) =>
  entries.filter((e) => e.mode !== (e.kind === 'dir' ? 0o700 : 0o600)).map((e) => `${e.path} ${e.mode.toString(8)}`);

async function until<T>(what: string, get: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A real PDF past the engine's large-document size, so its GridFS chunk goes to a blob segment. */
const biggerPdf = () => Buffer.concat([tinyPdf(), Buffer.alloc(40_000, 32)]);

describe('modes of what the server writes (umask 022, as on most hosts)', () => {
  let s: TestServer;
  const umask = process.umask(0o022);
  afterAll(async () => {
    await s?.close();
    process.umask(umask);
  });

  it('a booking, a mail in the file outbox, a CV upload (and its temp file), a compaction: all 0700 folders and 0600 files', async () => {
    // No SMTP_URL: mail goes to the file outbox; no JWT_SECRET: one is generated into DATA_DIR.
    s = await startTestServer({ SMTP_URL: '', JWT_SECRET: '', TRUST_PROXY: '1' });
    const cust = await insertCustomer(s);
    expect((await s.call('POST', '/api/user/bookings', { token: cust.token, json: bookingInput() })).status).toBe(201);
    expect((await s.call('POST', '/api/contact', { json: { name: 'Mo Modes', email: 'mo@example.com', phone: '', message: 'Private, please.' } })).status).toBe(
      201,
    );
    const outbox = path.join(s.dataDir, 'outbox');
    await until('a mail in the outbox', async () => ((await readdir(outbox).catch(() => [])).some((f) => f.endsWith('.eml')) ? true : undefined));

    // A CV on its way in: the temp file formidable writes, seen while the upload is still arriving.
    const tmp = path.join(s.dataDir, 'uploads-tmp');
    const slow = http.request(`${s.url}/api/career`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': '200000', 'X-Forwarded-For': '203.0.113.90' },
    });
    slow.on('error', () => undefined);
    slow.write(`--xyz\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n${tinyPdf().toString('latin1')}`);
    const partial = await until('the upload temp file', async () => {
      for (const dir of await readdir(tmp).catch(() => [] as string[])) {
        const files = await readdir(path.join(tmp, dir)).catch(() => [] as string[]);
        if (files.length) return path.join(tmp, dir, files[0]);
      }
      return undefined;
    });
    expect([await modeOf(tmp), await modeOf(path.dirname(partial)), await modeOf(partial)].map((m) => m.toString(8))).toEqual(['700', '700', '600']);
    slow.destroy();

    const cv = await s.call('POST', '/api/career', {
      body: form({ name: 'Casey Modes', email: 'casey@example.com', phone: '', position: 'Cleaner', message: '' }, {
        cv: { data: biggerPdf(), name: 'cv.pdf', type: 'application/pdf' },
      }),
      headers: { 'X-Forwarded-For': '203.0.113.91' },
    });
    expect(cv.status).toBe(201);

    // A snapshot of everything (mongod's compact command starts it), then the journal goes on.
    const db = path.join(s.dataDir, 'db');
    await mongoose.connection.db!.command({ compact: 'bookings' });
    await until('the snapshot', async () => {
      const files = await readdir(db);
      return files.includes('snapshot.bson') && !files.some((f) => f.endsWith('.tmp')) ? true : undefined;
    });
    expect((await s.call('POST', '/api/user/bookings', { token: cust.token, json: bookingInput() })).status).toBe(201);

    const all = await walk(s.dataDir);
    const names = all.map((e) => path.relative(s.dataDir, e.path));
    // What this test means to cover is there: the journal, the snapshot, a blob segment, the outbox.
    for (
      const expected of [/^db\/journal\.\d+\.bson$/, /^db\/snapshot\.bson$/, /^db\/blobs\.\d+\.bson$/, /^outbox\/.+\.eml$/, /^uploads-tmp$/, /^jwt-secret$/]
    ) {
      expect(names.some((n) => expected.test(n)), String(expected)).toBe(true);
    }
    expect(loose(all)).toEqual([]);
  });
});

describe('a data dir left readable by an older version', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  /** DATA_DIR as an older version left it: folders 0755, files 0644. */
  async function looseDataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'sc-loose-'));
    dirs.push(dir);
    await mkdir(path.join(dir, 'outbox'));
    await writeFile(path.join(dir, 'outbox', '1700000000000-someone@example.com.eml'), 'Subject: Your code is 123456\r\n\r\n123456');
    await mkdir(path.join(dir, 'uploads-tmp', 'req-old'), { recursive: true });
    await writeFile(path.join(dir, 'uploads-tmp', 'req-old', 'left-behind'), 'CV bytes');
    await writeFile(path.join(dir, 'jwt-secret'), 'x'.repeat(48));
    for (const d of [dir, path.join(dir, 'outbox'), path.join(dir, 'uploads-tmp'), path.join(dir, 'uploads-tmp', 'req-old')]) await chmod(d, 0o755);
    for (const f of ['outbox/1700000000000-someone@example.com.eml', 'uploads-tmp/req-old/left-behind', 'jwt-secret']) await chmod(path.join(dir, f), 0o644);
    return dir;
  }

  it('tightenDataDir makes every folder 0700 and every file 0600, and says how many it changed', async () => {
    const dir = await looseDataDir();
    expect(loose(await walk(dir))).toHaveLength(7);
    expect(tightenDataDir(dir)).toBe(7);
    expect(loose(await walk(dir))).toEqual([]);
    expect(tightenDataDir(dir)).toBe(0);
  });

  it('the server tightens it at start, before anything else is written there', async () => {
    const dir = await looseDataDir();
    const s = await startTestServer({ DATA_DIR: dir, SMTP_URL: '' });
    try {
      expect(loose(await walk(dir))).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
