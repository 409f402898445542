// A visit's problems and photos as its customer sees them (shared/README.md "Photos", "Problems"): what the cleaner
// reported there and how the office resolved it, and the photos, loaded when opened (online: the
// links are signed for this reader by the server).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import type { VisitDto } from '@shared/schemas/visits';
import type { PhotoDto } from '@shared/schemas/photos';
import { PhotoGrid } from '@/components/PhotoGrid';
import { PHOTO_MSG, PROBLEM_KIND_LABEL, PROBLEM_MSG } from '@shared/messages-photos';
import './visit-record.css';

export const visitPhotosKey = (visitId: string) => ['customer', 'visit-photos', visitId] as const;

function Photos({ visitId, count }: { visitId: string; count: number; }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({
    queryKey: visitPhotosKey(visitId),
    queryFn: () => api<{ photos: PhotoDto[]; }>(`/api/user/visits/${encodeURIComponent(visitId)}/photos`, { auth: 'customer' }),
    enabled: open,
  });
  return (
    <details className="visit-record__photos" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{`${PHOTO_MSG.photosTitle} (${count})`}</summary>
      {q.isError && <p className="notice notice--error" role="alert">{errorMessage(q.error, PHOTO_MSG.loadFailed)}</p>}
      {q.data && <PhotoGrid photos={q.data.photos} />}
    </details>
  );
}

export function VisitPhotosRecord({ visit }: { visit: VisitDto; }) {
  if (!visit.problems?.length && !visit.photo_count) return null;
  return (
    <div className="visit-record">
      {visit.problems?.map((p) => (
        <p key={p.id} className="visit-record__problem">
          <strong>{PROBLEM_KIND_LABEL[p.kind]}</strong>
          {p.note && `: ${p.note}`}
          {p.state === 'resolved' && p.resolve_note && <span className="muted">{` · ${PROBLEM_MSG.resolvedWith(p.resolve_note)}`}</span>}
        </p>
      ))}
      {visit.photo_count ? <Photos visitId={visit.id} count={visit.photo_count} /> : null}
    </div>
  );
}
