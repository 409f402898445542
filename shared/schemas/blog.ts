import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { optionalUrl, requiredText } from './common';

/** Text fields of a blog post (multipart form fields; the image travels as a file part). */
export const blogPostFieldsSchema = z.strictObject({
  title: requiredText(FIELD_MSG.required('Title'), 200),
  content: requiredText(FIELD_MSG.required('Content'), 100_000),
  facebook_link: optionalUrl,
  instagram_link: optionalUrl,
  twitter_link: optionalUrl,
  youtube_link: optionalUrl,
});
export type BlogPostFields = z.infer<typeof blogPostFieldsSchema>;

export interface BlogPost {
  id: string;
  /** The post's address under /blog/ (shared/blog-slug.ts): unique, set at creation, never changed. */
  slug: string;
  title: string;
  content: string;
  image_path?: string;
  facebook_link?: string;
  instagram_link?: string;
  twitter_link?: string;
  youtube_link?: string;
  created_at: string;
  updated_at: string;
}

/**
 * A post as the lists carry it: everything but the text, which comes with the single post; instead an
 * excerpt (BLOG_EXCERPT_CUSTOMER characters, ellipsis when cut) and the reading time of the whole text.
 */
export interface BlogListItem extends Omit<BlogPost, 'content'> {
  excerpt: string;
  reading_minutes: number;
}

/** A post in the staff portal's list: whether the caller may edit and delete it (its author, or the office). */
export interface EmployeeBlogListItem extends BlogListItem {
  can_edit: boolean;
}
