// Upload limits and hygiene, on a server with tiny limits: 413 with a clear message, nothing stored,
// temp files always removed, unexpected or broken multipart rejected.
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import { BlogPost } from '../../api/src/models/BlogPost';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { uploadTempDir } from '../../api/src/lib/uploads';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeEmployee, tinyPdf, tinyPng, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let emp: TestEmployee;
beforeAll(async () => {
  // 0.01 MB ≈ 10 KB for CVs, 0.02 MB ≈ 20 KB for blog images.
  srv = await startTestServer({ BCRYPT_COST: '4', CV_MAX_MB: '0.01', BLOG_IMAGE_MAX_MB: '0.02' });
  emp = await makeEmployee(srv);
});
afterAll(async () => {
  await srv?.close();
});

const count = (bucket: string) => mongoose.connection.db!.collection(`${bucket}.files`).countDocuments();
const career = { name: 'Sam Size', email: 'sam@example.com', position: 'Cleaner' };
/** A real PDF padded with a comment to `bytes`. */
const pdfOf = (bytes: number) => Buffer.concat([tinyPdf(), Buffer.from('%' + 'x'.repeat(Math.max(0, bytes - tinyPdf().length - 2)) + '\n')]);

async function tempFilesLeft(): Promise<string[]> {
  // formidable unlinks partial files on a short timer after an error; give it a moment.
  for (let i = 0; i < 20; i++) {
    const left = await readdir(uploadTempDir(srv.dataDir)).catch(() => []);
    if (!left.length) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return readdir(uploadTempDir(srv.dataDir));
}

describe('size limits from configuration', () => {
  it('accepts a CV under the limit and removes its temp file', async () => {
    const res = await srv.call('POST', '/api/career', { body: form(career, { cv: { data: pdfOf(8 * 1024), name: 'cv.pdf' } }) });
    expect(res.status).toBe(201);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('answers 413 for a CV over CV_MAX_MB and stores nothing', async () => {
    const apps = await CareerApplication.countDocuments();
    const files = await count('cv');
    const res = await srv.call('POST', '/api/career', { body: form(career, { cv: { data: pdfOf(40 * 1024), name: 'cv.pdf' } }) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MSG.cvTooLarge.replace('{max}', '0.01'));
    expect(await CareerApplication.countDocuments()).toBe(apps);
    expect(await count('cv')).toBe(files);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('answers 413 for a blog image over BLOG_IMAGE_MAX_MB and stores nothing', async () => {
    const posts = await BlogPost.countDocuments();
    const big = Buffer.concat([tinyPng(), Buffer.alloc(64 * 1024, 7)]); // still sniffs as PNG
    const res = await srv.call('POST', '/api/employee/blog-posts', {
      token: emp.token,
      body: form({ title: 'Big', content: 'Big image' }, { image: { data: big, name: 'big.png' } }),
    });
    expect([res.status, res.body.message]).toEqual([413, API_MSG.imageTooLarge.replace('{max}', '0.02')]);
    expect(await BlogPost.countDocuments()).toBe(posts);
    expect(await count('blog')).toBe(0);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('refuses an announced oversize body before reading it', async () => {
    // Content-Length says 5 MB; the server must answer 413 without waiting for the bytes, and close the
    // connection after it rather than take in the 5 MB to keep it alive.
    const { status, connection } = await new Promise<{ status: number; connection?: string; }>((resolve, reject) => {
      const req = http.request(`${srv.url}/api/career`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': String(5 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
        req.destroy();
      });
      req.on('error', reject);
      req.write('--xyz\r\n');
    });
    expect(status).toBe(413);
    expect(connection).toBe('close');
  });
});

describe('multipart hygiene', () => {
  it('rejects an unexpected file field', async () => {
    const res = await srv.call('POST', '/api/career', { body: form(career, { photo: { data: tinyPng(), name: 'me.png' } }) });
    expect([res.status, res.body.message]).toEqual([400, API_MSG.uploadUnexpectedFile]);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('rejects two files in one field', async () => {
    const fd = form(career);
    fd.append('cv', new Blob([new Uint8Array(tinyPdf())]), 'a.pdf');
    fd.append('cv', new Blob([new Uint8Array(tinyPdf())]), 'b.pdf');
    const res = await srv.call('POST', '/api/career', { body: fd });
    expect(res.status).toBe(400);
    expect(await tempFilesLeft()).toEqual([]);
  });

  it('rejects a broken multipart body with 400', async () => {
    const res = await srv.call('POST', '/api/career', {
      body: '--nope\r\nContent-Disposition: form-data; name="name"\r\n\r\nX',
      headers: { 'Content-Type': 'multipart/form-data; boundary=other' },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('treats an empty, unnamed file part (a form with no file chosen) as no file', async () => {
    const fd = form({ ...career, name: 'Emma Empty' });
    fd.append('cv', new Blob([]), '');
    const res = await srv.call('POST', '/api/career', { body: fd });
    expect(res.status).toBe(201);
    expect((await CareerApplication.findOne({ name: 'Emma Empty' }).lean())?.cv).toBeUndefined();
  });
});
