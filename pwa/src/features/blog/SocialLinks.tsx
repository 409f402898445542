// A post's social links, only those it has, each opening in a new tab without access to this page.
import type { BlogListItem } from '@shared/schemas/blog';

const SOCIAL = [
  { key: 'facebook_link', label: 'Facebook' },
  { key: 'instagram_link', label: 'Instagram' },
  { key: 'twitter_link', label: 'Twitter' },
  { key: 'youtube_link', label: 'YouTube' },
] as const;

export function SocialLinks({ post }: { post: Pick<BlogListItem, (typeof SOCIAL)[number]['key']>; }) {
  const links = SOCIAL.filter((s) => post[s.key]);
  if (!links.length) return null;
  return (
    <ul className="article__social" aria-label="Follow this post">
      {links.map((s) => (
        <li key={s.key}>
          <a href={post[s.key]} target="_blank" rel="noopener noreferrer" className="btn btn--ghost btn--small">
            {s.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
