// A visit's photos in the office's dialogs (the schedule's visit, a problem), loaded when opened.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PHOTO_MSG } from '@shared/messages-photos';
import { PhotoGrid } from '@/components/PhotoGrid';
import { ErrorNotice } from '../ui';
import { fetchVisitPhotos, problemKeys } from './api';

export function OfficeVisitPhotos({ visitId, problemId }: { visitId: string; problemId?: string; }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({ queryKey: problemKeys.photos(visitId), queryFn: () => fetchVisitPhotos(visitId), enabled: open });
  const photos = (q.data?.photos ?? []).filter((p) => !problemId || p.problem_id === problemId);
  return (
    <details className="visit-record__photos" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{PHOTO_MSG.photosTitle}</summary>
      {q.isError && <ErrorNotice error={q.error} fallback={PHOTO_MSG.loadFailed} />}
      {q.isSuccess && (photos.length ? <PhotoGrid photos={photos} /> : <p className="ofc-muted">{PHOTO_MSG.noPhotos}</p>)}
    </details>
  );
}
