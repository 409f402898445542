// A blog post's address, /blog/{slug}: made from the title when the post is created, then never
// changed, so a shared link keeps working after the title is edited.

/** Small letters and digits in words joined by single hyphens, at most 80 characters. */
export const BLOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BLOG_SLUG_MAX = 80;

export const isBlogSlug = (text: string) => text.length <= BLOG_SLUG_MAX && BLOG_SLUG.test(text);

/** 'Spring-clean: 10 tips (2026)!' -> 'spring-clean-10-tips-2026'; a title with no letters gives 'post'. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const w of words) {
    const next = slug ? `${slug}-${w}` : w;
    if (next.length > BLOG_SLUG_MAX - 4) break; // room for a '-999' suffix
    slug = next;
  }
  return slug || words[0]?.slice(0, BLOG_SLUG_MAX - 4) || 'post';
}
