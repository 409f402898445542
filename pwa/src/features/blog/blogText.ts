// Pure helpers for the public blog: excerpt, reading time (shared with the server), image URL, date.

export { excerpt, readingMinutes, wordCount } from '@shared/blog-text';

export const blogImageUrl = (imagePath: string) => `/uploads/blog/${encodeURIComponent(imagePath)}`;

const dateFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFmt.format(d);
}

/** Paragraphs of a post: blank lines separate them. */
export const paragraphs = (content: string) =>
  content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
