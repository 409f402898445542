// The visit card's photos (shared/README.md "Photos"): a room, then "Before" or "After" opens the
// phone's camera; each photo is made small on the phone, kept there and sent through the outbox, and
// the card says how many wait. A home whose customer turned photos off shows no buttons.
import { useId, useState, type ChangeEvent } from 'react';
import type { VisitDto } from '@shared/schemas/visits';
import { PHOTO_MSG as M } from '@shared/messages-photos';
import { ROOM_MAX } from '@shared/schemas/photos';
import { useQueued } from '@/lib/outbox/useQueued';
import { takePhoto } from './photos-api';
import { onTheDay } from './on-the-day';
import './records.css';

export const ROOMS = ['Kitchen', 'Bathroom', 'Bedroom', 'Living room', 'Hall', 'Stairs'];

export function VisitPhotos({ visit }: { visit: VisitDto; }) {
  const waiting = useQueued('visit-photo', { visitId: visit.id }).length;
  const [room, setRoom] = useState(ROOMS[0]);
  const [error, setError] = useState('');
  const id = useId();
  if (!onTheDay(visit)) return null;
  if (visit.photos_allowed === false) return <p className="visit-photos__none">{M.noPhotosHere}</p>;

  const take = (stage: 'before' | 'after') => async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setError('');
    try {
      for (const file of files) await takePhoto({ visit, room: room.trim() || ROOMS[0], stage, file });
    } catch {
      setError(M.couldNotRead);
    }
  };
  const sent = visit.photo_count ?? 0;
  return (
    <section className="visit-photos" aria-label={M.photosTitle}>
      <div className="visit-photos__row">
        <label htmlFor={`${id}-room`} className="visit-photos__label">{M.room}</label>
        <input
          id={`${id}-room`}
          className="visit-photos__room"
          list={`${id}-rooms`}
          value={room}
          maxLength={ROOM_MAX}
          onChange={(e) => setRoom(e.target.value)}
        />
        <datalist id={`${id}-rooms`}>
          {ROOMS.map((r) => <option key={r} value={r} />)}
        </datalist>
      </div>
      <div className="visit-photos__row">
        {(['before', 'after'] as const).map((stage) => (
          <label key={stage} className="btn btn--secondary visit-photos__take">
            {stage === 'before' ? M.before : M.after}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="visually-hidden"
              aria-label={M.addPhoto(stage === 'before' ? M.before : M.after, room)}
              data-stage={stage}
              onChange={take(stage)}
            />
          </label>
        ))}
      </div>
      <p className="visit-photos__status" aria-live="polite">
        {[sent ? `${sent} ${sent === 1 ? 'photo' : 'photos'} sent` : '', waiting ? M.waiting(waiting) : ''].filter(Boolean).join(' · ')}
      </p>
      {error && <p className="field__error" role="alert">{error}</p>}
    </section>
  );
}
