// Blog: the public list and image URLs, and the employee blog management.
import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { STAFF_MSG } from '@shared/messages-staff';
import { API_MSG } from '@shared/messages-api';
import { blogPostFieldsSchema } from '@shared/schemas/blog';
import { authOf } from '../http/auth';
import { officeActor, requireEmployee } from './guards';
import { notFound } from '../lib/errors';
import { answerWithEtag } from '../http/etag';
import { blogListQuerySchema, employeeBlogQuerySchema } from '@shared/schemas/paging';
import { BLOG_PAGE_SIZE, PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { parseBody, parseId, parseQuery } from '../http/validate';
import { multipartUpload, sendStoredFile, uploadedFile } from '../http/uploads';
import { uploadTempDir } from '../lib/uploads';
import { BLOG_BUCKET, publicBlogPost } from '../services/blog/post-view';
import { IMAGE_NAME, createPost, deletePost, employeePostPage, getPost, getPostBySlug, updatePost } from '../services/blog/blog';
import { publicPostPage, type PostList } from '../services/blog/post-lists';
import type { Deps } from '../deps';

/** Stored names are unique per upload, so a public image never changes under its URL. */
const PUBLIC_IMAGE_CACHE = 'public, max-age=31536000, immutable';
/** The per-post URL shows whatever image the post has now: revalidate (cheap, thanks to the ETag). */
const EMPLOYEE_IMAGE_CACHE = 'private, no-cache';

/** A public page's answer, serialized once per query (not once per request) with its ETag. */
const serialized = new WeakMap<PostList, { body: Buffer; etag: string; }>();
function publicListBody(list: PostList): { body: Buffer; etag: string; } {
  let out = serialized.get(list);
  if (!out) {
    const body = Buffer.from(JSON.stringify({ success: true, blog_posts: list.posts, message: API_MSG.blogLoaded, ...list.info }));
    out = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    serialized.set(list, out);
  }
  return out;
}

/** The answer of GET /api/blog-posts for page 1, the same bytes (the server puts it into /blog's page). */
export const firstPublicPage = (deps: Deps) => async (): Promise<Buffer> =>
  publicListBody(await publicPostPage(1, BLOG_PAGE_SIZE, deps.config.blogListMaxAgeMs)).body;

export function blogRouter(deps: Deps): Router {
  const router = new Router();
  const auth = requireEmployee(deps);
  const image = multipartUpload({
    tempDir: uploadTempDir(deps.config.dataDir),
    field: 'image',
    maxBytes: deps.config.blogImageMaxBytes,
    tooLargeMessage: API_MSG.imageTooLarge,
  });

  // A page of posts, newest first; items carry an excerpt, the full text comes with the single post.
  router.get('/api/blog-posts', async (ctx) => {
    const { page, limit = BLOG_PAGE_SIZE } = parseQuery(ctx, blogListQuerySchema);
    const { body, etag } = publicListBody(await publicPostPage(page, limit, deps.config.blogListMaxAgeMs));
    // Revalidated on every use: a browser (or the service worker's fetch) gets a 304 while it is unchanged.
    ctx.set('Cache-Control', 'no-cache');
    answerWithEtag(ctx, etag, 'application/json', body);
  });

  router.get('/api/blog-posts/:id', async (ctx) => {
    ctx.body = { success: true, blog_post: publicBlogPost(await getPost(parseId(ctx))) };
  });

  // The post behind the page /blog/{slug} (a shared link), the same answer as by id.
  router.get('/api/blog-posts/slug/:slug', async (ctx) => {
    ctx.body = { success: true, blog_post: publicBlogPost(await getPostBySlug(ctx.params.slug)) };
  });

  router.get('/uploads/blog/:image_path', async (ctx) => {
    const name = ctx.params.image_path;
    if (!IMAGE_NAME.test(name)) throw notFound(API_MSG.imageNotFound);
    await sendStoredFile(ctx, deps.files, BLOG_BUCKET, name, PUBLIC_IMAGE_CACHE);
  });

  router.get('/api/employee/blog-posts', auth, async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...query } = parseQuery(ctx, employeeBlogQuerySchema);
    const { posts, info } = await employeePostPage(officeActor(ctx), { ...query, limit });
    ctx.body = { success: true, blog_posts: posts, message: API_MSG.blogLoaded, ...info };
  });

  router.get('/api/employee/blog-posts/:id', auth, async (ctx) => {
    ctx.body = { success: true, blog_post: publicBlogPost(await getPost(parseId(ctx))) };
  });

  // Auth first, then the upload is parsed, then the fields are validated before any file is stored.
  router.post('/api/employee/blog-posts', auth, image, async (ctx: Context) => {
    const fields = parseBody(ctx, blogPostFieldsSchema);
    const blog_post = await createPost(deps, authOf(ctx).sub, fields, uploadedFile(ctx));
    ctx.status = 201;
    ctx.body = { success: true, blog_post, message: STAFF_MSG.blogCreated };
  });

  router.put('/api/employee/blog-posts/:id', auth, image, async (ctx: Context) => {
    const id = parseId(ctx);
    const fields = parseBody(ctx, blogPostFieldsSchema);
    const blog_post = await updatePost(deps, officeActor(ctx), id, fields, uploadedFile(ctx));
    ctx.body = { success: true, blog_post, message: STAFF_MSG.blogUpdated };
  });

  router.delete('/api/employee/blog-posts/:id', auth, async (ctx) => {
    await deletePost(deps, officeActor(ctx), parseId(ctx));
    ctx.body = { success: true, message: STAFF_MSG.blogDeleted };
  });

  router.get('/api/employee/blog-posts/:id/image', auth, async (ctx) => {
    const post = await getPost(parseId(ctx));
    if (!post.image_path) throw notFound(API_MSG.imageNotFound);
    await sendStoredFile(ctx, deps.files, BLOG_BUCKET, post.image_path, EMPLOYEE_IMAGE_CACHE);
  });

  return router;
}
