// /blog's page waits only so long for its first page of posts: a slow list leaves the page without
// them (the page then asks the API), a quick one is put inside. servePwa alone, over a real socket.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { servePwa } from '../../api/src/http/static';

const BLOCK = /<script type="application\/json" id="blog-first-page">/;
let dist: string;
const servers: Server[] = [];

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'sc-blog-wait-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'shell.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'blog.html'), '<!doctype html><head></head><div id="root"><h1>Blog</h1></div>');
});
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

async function blogPage(listTakesMs: number, waitMs: number): Promise<string> {
  const list = () => new Promise<Buffer>((r) => setTimeout(r, listTakesMs, Buffer.from('{"blog_posts":[],"total":0}')));
  const app = new Koa().use(servePwa(dist, { blogFirstPage: list, blogFirstPageWaitMs: waitMs }));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/blog`);
  expect(res.status).toBe(200);
  return res.text();
}

it('sends /blog without the posts when the list is slower than the wait, and with them when it is quicker', async () => {
  const slow = await blogPage(400, 20);
  expect(slow).toContain('<h1>Blog</h1>');
  expect(slow).not.toMatch(BLOCK);
  expect(await blogPage(5, 2000)).toMatch(BLOCK);
});
