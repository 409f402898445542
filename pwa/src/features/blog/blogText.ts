// Pure helpers for the public blog: image URL, date, a post's paragraphs and lists (the excerpt and
// reading time are shared/blog-text.ts, the server's too).

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

/** A block of a post as the author wrote it: a paragraph (its line breaks kept) or a list. */
export type Block = { kind: 'p'; lines: string[]; } | { kind: 'ul' | 'ol'; items: string[]; };

const BULLET = /^[-*•]\s+/;
const NUMBER = /^\d{1,3}[.)]\s+/;

/**
 * The post's blocks: blank lines separate paragraphs; within one, a run of lines starting with "- ", "* "
 * or "• " is a bulleted list, "1. " or "1) " a numbered one, and the other lines stay a paragraph whose
 * single line breaks stay line breaks. Plain text only: nothing the author types becomes markup.
 */
export function blocks(content: string): Block[] {
  const out: Block[] = [];
  for (const p of paragraphs(content)) {
    let current: Block | null = null;
    for (const line of p.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
      const kind = BULLET.test(line) ? 'ul' : NUMBER.test(line) ? 'ol' : 'p';
      if (!current || current.kind !== kind) {
        current = kind === 'p' ? { kind, lines: [] } : { kind, items: [] };
        out.push(current);
      }
      if (current.kind === 'p') current.lines.push(line);
      else current.items.push(line.replace(kind === 'ul' ? BULLET : NUMBER, ''));
    }
  }
  return out;
}
