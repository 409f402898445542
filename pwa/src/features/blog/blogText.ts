// Pure helpers for the public blog (spec §9): excerpt, reading time, pagination, image URL, date.
import { BLOG_EXCERPT_CUSTOMER, BLOG_PAGE_SIZE, WORDS_PER_MINUTE } from '../../../../shared/constants';

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

export interface PageOf<T> {
  items: T[];
  /** 1-based page actually shown (clamped into range). */
  page: number;
  pageCount: number;
}

export function paginate<T>(all: readonly T[], page: number, size = BLOG_PAGE_SIZE): PageOf<T> {
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  return { items: all.slice(start, start + size), page: current, pageCount };
}

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
