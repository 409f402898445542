import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { excerpt, readingMinutes } from '@shared/blog-text';
import type { BlogListItem, BlogPost as BlogPostDto } from '@shared/schemas/blog';
import { STAMPED, type Stamped } from './stamps';

/** GridFS bucket holding blog images; the file name there is the post's image_path. */
export const BLOG_BUCKET = 'blog';

export const titleKey = (title: string) => title.trim().toLowerCase();

const blogPostSchema = new Schema(
  {
    title: { type: String, required: true, trim: true },
    /** The post's address, /blog/{slug}: from the title at creation, unique, never changed. Sparse
     *  only so posts stored before it existed can be given one at start (backfillBlogSlugs). */
    slug: { type: String, index: { unique: true, sparse: true } },
    content: { type: String, required: true },
    /** Unique generated name (`<random>.<ext>`), served at /uploads/blog/{image_path}. */
    image_path: { type: String },
    image_type: { type: String },
    facebook_link: { type: String },
    instagram_link: { type: String },
    twitter_link: { type: String },
    youtube_link: { type: String },
    author: { type: Schema.Types.ObjectId, ref: 'Employee' },
    /** The title in small letters, for the A-Z sort (the embedded engine has no collations). */
    title_key: {
      type: String,
      default(this: { title?: string }) {
        return titleKey(this.title ?? '');
      },
    },
  },
  STAMPED,
);
// The public list and the employee list are newest first by default; the employee list also sorts A-Z.
blogPostSchema.index({ created_at: -1 });
blogPostSchema.index({ title_key: 1 });

export type BlogPostDoc = InferSchemaType<typeof blogPostSchema> & Stamped;
export const BlogPost = mongoose.model('BlogPost', blogPostSchema);

const orUndefined = (v: string | null | undefined) => (v ? v : undefined);

export function publicBlogPost(p: BlogPostDoc): BlogPostDto {
  return {
    id: String(p._id),
    // Every post has a slug once the start-up backfill ran; until then its id is its address.
    slug: p.slug ?? String(p._id),
    title: p.title,
    content: p.content,
    image_path: orUndefined(p.image_path),
    facebook_link: orUndefined(p.facebook_link),
    instagram_link: orUndefined(p.instagram_link),
    twitter_link: orUndefined(p.twitter_link),
    youtube_link: orUndefined(p.youtube_link),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/** A post as a list carries it: an excerpt and the reading time instead of the text. */
export function blogListItem(p: BlogPostDoc): BlogListItem {
  const { content, ...rest } = publicBlogPost(p);
  return { ...rest, excerpt: excerpt(content), reading_minutes: readingMinutes(content) };
}
