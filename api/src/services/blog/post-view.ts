// A blog post as the API shows it, and where its images are stored.
import { excerpt, readingMinutes } from '@shared/blog-text';
import type { BlogListItem, BlogPost as BlogPostDto } from '@shared/schemas/blog';
import type { BlogPostDoc } from '../../models/BlogPost';

/** GridFS bucket holding blog images; the file name there is the post's image_path. */
export const BLOG_BUCKET = 'blog';

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
