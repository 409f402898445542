// Blog posts and their images. An image lives in GridFS under a unique generated name; replacing or
// deleting a post removes the old image, and a failed write never leaves an orphan behind.
import mongoose from 'mongoose';
import { BLOG_IMAGE_MIME_TYPES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { BlogPost as BlogPostDto, BlogPostFields } from '../../../shared/schemas/blog';
import { BLOG_BUCKET, BlogPost, publicBlogPost, type BlogPostDoc } from '../models/BlogPost';
import { HttpError, notFound } from '../http/errors';
import { sniff, storeUpload, uniqueName, type UploadedFile } from '../http/uploads';
import type { Deps } from '../deps';

const LINKS = ['facebook_link', 'instagram_link', 'twitter_link', 'youtube_link'] as const;

/** Stored names look like `<32 hex>.<ext>`; anything else is not one of ours. */
export const IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

async function queryPosts(): Promise<BlogPostDto[]> {
  const rows = (await BlogPost.find({}, { author: 0, image_type: 0 }).sort({ created_at: -1, _id: -1 }).lean()) as BlogPostDoc[];
  return rows.map(publicBlogPost);
}

/** One answer of the list query, and when that query started (its age is counted from then). */
export interface PostList {
  readonly posts: readonly BlogPostDto[];
  readonly startedAt: number;
}

/** Bumped by every write on this instance: no list from an older generation is shared after it. */
let generation = 0;
/** The list query now running, shared by every request that arrives while it runs. */
let inFlight: { list: Promise<PostList>; generation: number } | undefined;
/** The newest settled answer, for the public list's short reuse window. */
let latest: { list: PostList; generation: number } | undefined;

function queryList(): Promise<PostList> {
  if (inFlight && inFlight.generation === generation) return inFlight.list;
  const gen = generation;
  const startedAt = Date.now();
  const list = queryPosts().then((posts) => ({ posts, startedAt }));
  const entry = { list, generation: gen };
  inFlight = entry;
  list.then(
    (l) => {
      if (gen === generation && (!latest || latest.list.startedAt <= startedAt)) latest = { list: l, generation: gen };
    },
    () => undefined,
  );
  const clear = () => {
    if (inFlight === entry) inFlight = undefined;
  };
  list.then(clear, clear);
  return list;
}

/**
 * The public list, newest first, no older than `maxAgeMs` (counted from when its query started).
 * Every visitor gets the same public answer, so one query (and one serialization, in the route) serves
 * everyone for that long; a write on this instance is visible at once, on another instance within
 * `maxAgeMs`. 0 means: always a query started at or after this call, or one already running.
 */
export function recentPostList(maxAgeMs: number): Promise<PostList> {
  if (latest && latest.generation === generation && Date.now() - latest.list.startedAt < maxAgeMs) return Promise.resolve(latest.list);
  return queryList();
}

/**
 * The list, newest first, from a query running now (requests that arrive while it runs share it;
 * nothing is kept once it settles). Callers get their own array.
 */
export async function listPosts(): Promise<BlogPostDto[]> {
  return [...(await queryList()).posts];
}

/** After a write here, the next list must not reuse or join a query that started before it (read your writes). */
function listChanged(): void {
  generation++;
  latest = undefined;
  inFlight = undefined;
}

export async function getPost(id: string): Promise<BlogPostDoc> {
  const post = (await BlogPost.findById(id).lean()) as BlogPostDoc | null;
  if (!post) throw notFound(MSG.blogNotFound);
  return post;
}

/** Checks the image really is JPEG/PNG/GIF/WebP (by content) and streams it into GridFS. */
async function storeImage(deps: Deps, file: UploadedFile, postId: string): Promise<{ name: string; type: string }> {
  const type = await sniff(file, BLOG_IMAGE_MIME_TYPES);
  if (!type) throw new HttpError(415, MSG.imageWrongType);
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
  const set: Record<string, string> = { title: fields.title, content: fields.content };
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
    const doc = await BlogPost.create({ _id, ...set, author: authorId, image_path: image?.name, image_type: image?.type });
    listChanged();
    return publicBlogPost(doc.toObject() as BlogPostDoc);
  } catch (err) {
    await removeImage(deps, image?.name);
    throw err;
  }
}

export async function updatePost(deps: Deps, id: string, fields: BlogPostFields, file?: UploadedFile): Promise<BlogPostDto> {
  await getPost(id); // 404 before storing anything
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
    throw notFound(MSG.blogNotFound);
  }
  if (image) await removeImage(deps, before.image_path);
  return publicBlogPost(await getPost(id));
}

export async function deletePost(deps: Deps, id: string): Promise<void> {
  const gone = (await BlogPost.findByIdAndDelete(id).lean()) as BlogPostDoc | null;
  listChanged();
  if (!gone) throw notFound(MSG.blogNotFound);
  await removeImage(deps, gone.image_path);
}
