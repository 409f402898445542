// /blog is served with its first page of posts inside the HTML (api/src/http/static.ts). A title is
// data: none of String.prototype.replace's `$` patterns in it may expand into the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BLOG_FIRST_PAGE_ID } from '@shared/routes';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeEmployee } from './employee-fixtures';

let s: TestServer;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'sc-dist-'));
  const page = '<!doctype html><html><head><title>Blog</title></head><body><div id="root"><h1>Blog</h1></div></body></html>';
  await writeFile(path.join(dist, 'blog.html'), page);
  await writeFile(path.join(dist, 'index.html'), page);
  s = await startTestServer({ PWA_DIST_DIR: dist, BLOG_LIST_MAX_AGE_MS: '0', BCRYPT_COST: '4' });
});
afterAll(() => s?.close());

/** Every replacement pattern String.prototype.replace knows, one per title (six: the first page). */
const TITLES = ['Before $` after', "Quote $' end", 'Match $& here', 'Dollars $$ twice', 'Group $1 and $0', 'Named $<name> too'];

describe('/blog with its first page of posts', () => {
  it('puts titles with $ patterns in as written: one #root, and the data block parses back to the same titles', async () => {
    const emp = await makeEmployee(s);
    for (const title of TITLES) {
      const res = await s.call('POST', '/api/employee/blog-posts', { token: emp.token, body: form({ title, content: `About ${title}.` }) });
      expect(res.status).toBe(201);
    }
    const res = await fetch(`${s.url}/blog`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/id="root"/g)).toHaveLength(1);
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    const blocks = [...html.matchAll(new RegExp(`<script type="application/json" id="${BLOG_FIRST_PAGE_ID}">([^<]*)</script>`, 'g'))];
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0][1]) as { blog_posts: { title: string; }[]; };
    expect(data.blog_posts.map((p) => p.title).sort()).toEqual([...TITLES].sort());
  });
});
