/**
 * Avatar initials: the first letters of the first and last name ("Mary Ann Smith" → "MS", "Cher" →
 * "C"); `fallback` when there is no name. Every avatar (customer menu, profile, staff portal) uses it.
 */
export function initials(name: string | undefined | null, fallback = '?'): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return fallback;
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}
