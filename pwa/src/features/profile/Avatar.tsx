import { initials } from '@/lib/initials';
import { pictureUrl } from './api';

/** The profile photo, or the person's initials when there is none. */
export function Avatar({ name, picture, size = 96 }: { name?: string; picture?: string | null; size?: number; }) {
  const src = pictureUrl(picture);
  return src ?
    <img className="avatar" src={src} alt={`Photo of ${name ?? 'you'}`} width={size} height={size} referrerPolicy="no-referrer" /> :
    (
      <span className="avatar avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
        {initials(name)}
      </span>
    );
}
