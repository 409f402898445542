// Blog posts and their images. An image lives in GridFS under a unique generated name; replacing or
// deleting a post removes the old image, and a failed write never leaves an orphan behind.
import mongoose from 'mongoose';
import { BLOG_IMAGE_MIME_TYPES, isOfficeRole } from '@shared/constants';
import { isBlogSlug, slugify } from '@shared/blog-slug';
import { API_MSG } from '@shared/messages-api';
import type { BlogPost as BlogPostDto, BlogPostFields, EmployeeBlogListItem } from '@shared/schemas/blog';
import type { EmployeeBlogQuery, PageInfo } from '@shared/schemas/paging';
import { BLOG_BUCKET, blogListItem, publicBlogPost } from './post-view';
import { listChanged, NEWEST, queryRows } from './post-lists';
import { BlogPost, titleKey, type BlogPostDoc } from '../../models/BlogPost';
import { HttpError, forbidden, notFound } from '../../lib/errors';
import { sniff, storeUpload, uniqueName, type UploadedFile } from '../../lib/uploads';
import type { Deps } from '../../deps';
import { recordAudit, type AuditActor } from '../office/audit';

const LINKS = ['facebook_link', 'instagram_link', 'twitter_link', 'youtube_link'] as const;

/** Stored names look like `<32 hex>.<ext>`; anything else is not one of ours. */
export const IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

/** Regular-expression text that matches `text` literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SORTS: Record<EmployeeBlogQuery['sort'], Record<string, 1 | -1>> = {
  newest: NEWEST,
  oldest: { created_at: 1, _id: 1 },
  // A-Z whatever the case: by the stored small-letter title (the engine has no collations).
  title: { title_key: 1, _id: 1 },
};

/** Posts stored before title_key existed get it on the first A-Z sort (once; new posts have it). */
async function backfillTitleKeys(): Promise<void> {
  const stale = (await BlogPost.find({ title_key: null }, { title: 1 }).lean()) as Pick<BlogPostDoc, '_id' | 'title'>[];
  if (!stale.length) return;
  await BlogPost.bulkWrite(stale.map((p) => ({ updateOne: { filter: { _id: p._id }, update: { $set: { title_key: titleKey(p.title) } } } })));
}

/** The employee's list: a page of posts matching the search (title or text), in the chosen order, each saying whether `editor` may change it. */
export async function employeePostPage(
  editor: BlogEditor,
  query: { page: number; limit: number; q?: string; sort: EmployeeBlogQuery['sort']; },
): Promise<{ posts: EmployeeBlogListItem[]; info: PageInfo; }> {
  const filter = query.q ? { $or: [{ title: { $regex: literal(query.q), $options: 'i' } }, { content: { $regex: literal(query.q), $options: 'i' } }] } : {};
  if (query.sort === 'title') await backfillTitleKeys();
  const { rows, info } = await queryRows(filter, SORTS[query.sort], query.page, query.limit, { image_type: 0, title_key: 0 });
  return { posts: rows.map((p) => ({ ...blogListItem(p), can_edit: mayChange(p, editor) })), info };
}

/** Who is changing a post: the signed-in staff member, as the audit log records them. */
export type BlogEditor = AuditActor;

const isAuthor = (post: Pick<BlogPostDoc, 'author'>, editor: BlogEditor) => post.author != null && String(post.author) === editor.id;
/** A cleaner changes only their own posts; the office any (a post without an author, from older data: the office only). */
const mayChange = (post: Pick<BlogPostDoc, 'author'>, editor: BlogEditor) => isAuthor(post, editor) || isOfficeRole(editor.role);

/** The post, when `editor` may change it: 404 when there is none, 403 when it is someone else's. */
async function postToChange(id: string, editor: BlogEditor): Promise<BlogPostDoc> {
  const post = await getPost(id);
  if (!mayChange(post, editor)) throw forbidden(API_MSG.blogNotYours);
  return post;
}

/** What the audit log keeps of a post (not its text, up to 100 000 characters). */
const audited = (p: BlogPostDoc) => ({ title: p.title, slug: p.slug ?? null, author: p.author ? String(p.author) : null, image_path: p.image_path ?? null });

/** The office changing a post that is not their own is an office action: written to the audit log. */
async function auditOfficeChange(editor: BlogEditor, action: 'blog.edit' | 'blog.delete', before: BlogPostDoc, after: BlogPostDoc | null): Promise<void> {
  if (isAuthor(before, editor)) return;
  await recordAudit({
    actor: editor,
    action,
    target: { type: 'blog_post', id: String(before._id), label: before.title },
    before: audited(before),
    after: after && audited(after),
  });
}

export async function getPost(id: string): Promise<BlogPostDoc> {
  const post = (await BlogPost.findById(id).lean()) as BlogPostDoc | null;
  if (!post) throw notFound(API_MSG.blogNotFound);
  return post;
}

/** The post at /blog/{slug}; a post stored before slugs existed answers at its id until the backfill. */
export async function getPostBySlug(slug: string): Promise<BlogPostDoc> {
  const post = isBlogSlug(slug) ? ((await BlogPost.findOne({ slug }).lean()) as BlogPostDoc | null) : null;
  if (post) return post;
  if (mongoose.isObjectIdOrHexString(slug)) {
    const old = (await BlogPost.findOne({ _id: slug, slug: { $exists: false } }).lean()) as BlogPostDoc | null;
    if (old) return old;
  }
  throw notFound(API_MSG.blogNotFound);
}

/** Whether /blog/{slug} shows a post (the server answers 404 for the page when not). */
export async function blogSlugExists(slug: string): Promise<boolean> {
  try {
    await getPostBySlug(slug);
    return true;
  } catch {
    return false;
  }
}

const isDuplicateSlug = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: number; }).code === 11000 && /slug/.test(String((err as Error).message));
const MAX_SLUG_TRIES = 50;

/** `write(slug)` with the title's slug, else the same with -2, -3…: the first free one wins, even in a race. */
async function withFreeSlug<T>(title: string, write: (slug: string) => Promise<T>): Promise<T> {
  const base = slugify(title);
  for (let n = 1;; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (await BlogPost.exists({ slug })) continue;
    try {
      return await write(slug);
    } catch (err) {
      if (!isDuplicateSlug(err) || n >= MAX_SLUG_TRIES) throw err;
    }
  }
}

/** Gives every post stored before slugs existed its address, oldest first (so the first of two equal titles keeps the plain one). */
export async function backfillBlogSlugs(): Promise<number> {
  const stale = (await BlogPost.find({ slug: { $exists: false } }, { title: 1 }).sort({ created_at: 1, _id: 1 }).lean()) as Pick<
    BlogPostDoc,
    '_id' | 'title'
  >[];
  for (const p of stale) await withFreeSlug(p.title, (slug) => BlogPost.updateOne({ _id: p._id, slug: { $exists: false } }, { $set: { slug } }));
  if (stale.length) listChanged();
  return stale.length;
}

/** Checks the image really is JPEG/PNG/GIF/WebP (by content) and streams it into GridFS. */
async function storeImage(deps: Deps, file: UploadedFile, postId: string): Promise<{ name: string; type: string; }> {
  const type = await sniff(file, BLOG_IMAGE_MIME_TYPES);
  if (!type) throw new HttpError(415, API_MSG.imageWrongType);
  const name = uniqueName(type.ext);
  await storeUpload(deps.files, BLOG_BUCKET, name, file, type.mime, { post: postId, originalName: file.originalName });
  return { name, type: type.mime };
}

async function removeImage(deps: Deps, name: string | null | undefined): Promise<void> {
  if (!name) return;
  try {
    await deps.files.remove(BLOG_BUCKET, name);
  } catch (err) {
    // The post change already happened; an orphaned file is only wasted space, so log and go on.
    deps.log.warn({ err, name }, 'could not remove blog image');
  }
}

/** Text fields as stored: empty links are "none". */
function textFields(fields: BlogPostFields) {
  const set: Record<string, string> = { title: fields.title, title_key: titleKey(fields.title), content: fields.content };
  const unset: Record<string, ''> = {};
  for (const k of LINKS) {
    if (fields[k]) set[k] = fields[k];
    else unset[k] = '';
  }
  return { set, unset };
}

export async function createPost(deps: Deps, authorId: string, fields: BlogPostFields, file?: UploadedFile): Promise<BlogPostDto> {
  const _id = new mongoose.Types.ObjectId();
  const image = file ? await storeImage(deps, file, String(_id)) : undefined;
  try {
    const { set } = textFields(fields);
    const doc = await withFreeSlug(
      fields.title,
      (slug) => BlogPost.create({ _id, slug, ...set, author: authorId, image_path: image?.name, image_type: image?.type }),
    );
    listChanged();
    return publicBlogPost(doc.toObject() as BlogPostDoc);
  } catch (err) {
    await removeImage(deps, image?.name);
    throw err;
  }
}

export async function updatePost(deps: Deps, editor: BlogEditor, id: string, fields: BlogPostFields, file?: UploadedFile): Promise<BlogPostDto> {
  await postToChange(id, editor); // 404 or 403 before storing anything
  const image = file ? await storeImage(deps, file, id) : undefined;
  const { set, unset } = textFields(fields);
  if (image) Object.assign(set, { image_path: image.name, image_type: image.type });
  let before: BlogPostDoc | null;
  try {
    const update = Object.keys(unset).length ? { $set: set, $unset: unset } : { $set: set };
    // The document as it was, so we remove exactly the image this update replaced.
    before = (await BlogPost.findByIdAndUpdate(id, update, { returnDocument: 'before' }).lean()) as BlogPostDoc | null;
    listChanged();
  } catch (err) {
    await removeImage(deps, image?.name);
    throw err;
  }
  if (!before) {
    // Deleted by someone else meanwhile.
    await removeImage(deps, image?.name);
    throw notFound(API_MSG.blogNotFound);
  }
  if (image) await removeImage(deps, before.image_path);
  const after = await getPost(id);
  await auditOfficeChange(editor, 'blog.edit', before, after);
  return publicBlogPost(after);
}

export async function deletePost(deps: Deps, editor: BlogEditor, id: string): Promise<void> {
  await postToChange(id, editor);
  const gone = (await BlogPost.findByIdAndDelete(id).lean()) as BlogPostDoc | null;
  listChanged();
  if (!gone) throw notFound(API_MSG.blogNotFound);
  await auditOfficeChange(editor, 'blog.delete', gone, null);
  await removeImage(deps, gone.image_path);
}
