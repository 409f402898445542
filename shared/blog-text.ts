// Excerpt and reading time of a blog post (shared/README.md, Limits), the same on the server (list items) and in the PWA.
import { BLOG_EXCERPT_CUSTOMER, WORDS_PER_MINUTE } from './constants';

/** The first `max` characters of the text (whitespace collapsed), with an ellipsis when cut. */
export function excerpt(content: string, max = BLOG_EXCERPT_CUSTOMER): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max).trimEnd()}…`;
}

export const wordCount = (content: string) => content.split(/\s+/).filter(Boolean).length;

/** Words divided by 200, rounded up; a post always takes at least a minute. */
export function readingMinutes(content: string): number {
  return Math.max(1, Math.ceil(wordCount(content) / WORDS_PER_MINUTE));
}
