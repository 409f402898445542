// A visit's photos as small pictures, each a link to the whole photo (the customer's visit, the office's dialogs).
import type { PhotoDto } from '@shared/schemas/photos';
import { PHOTO_MSG } from '@shared/messages-photos';
import './photo-grid.css';

export function PhotoGrid({ photos }: { photos: PhotoDto[]; }) {
  return (
    <ul className="photo-grid">
      {photos.map((p) => (
        <li key={p.id} className="photo-grid__item">
          <a href={p.url} target="_blank" rel="noreferrer">
            <img src={p.url} alt={PHOTO_MSG.photoAlt(p.room, p.stage)} loading="lazy" width={160} height={120} />
          </a>
          <span className="photo-grid__caption">{`${p.room} · ${p.stage}`}</span>
        </li>
      ))}
    </ul>
  );
}
