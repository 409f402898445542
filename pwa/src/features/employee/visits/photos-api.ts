// The cleaner's photos and problems of a visit (shared/README.md "Photos", "Problems"), offline first:
// a photo is kept on the phone (db.pendingPhotos) and queued in the one outbox with its own
// Idempotency-Key, so it is sent once when the connection returns; a problem carries an id made on the
// phone, so its photos can name it before the server has it, and they are sent after it.
import { db } from '@/lib/db';
import { defineKind } from '@/lib/outbox/kinds';
import { enqueue } from '@/lib/outbox/store';
import { submit, type SubmitOutcome } from '@/lib/outbox/submit';
import { onSent } from '@/lib/outbox/events';
import { sendOne } from '@/lib/outbox/send';
import { formatWhen } from '@shared/when';
import { PHOTO_MSG, PROBLEM_KIND_LABEL } from '@shared/messages-photos';
import { newProblemId, type PhotoStage, type ProblemKind } from '@shared/schemas/photos';
import type { VisitDto } from '@shared/schemas/visits';
import { employeeKeys } from '../keys';
import { resizeToJpeg } from './photo-resize';

const whoAndWhen = (v: VisitDto) => `${v.customer_name ?? v.reference} (${formatWhen(v.start)})`;

interface PhotoInput {
  visit: VisitDto;
  room: string;
  stage: PhotoStage;
  blob: Blob;
  problemId?: string;
}

export const visitPhotoKind = defineKind({
  kind: 'visit-photo',
  auth: 'employee',
  label: ({ visit, room, stage }: PhotoInput) => `${PHOTO_MSG.addPhoto(stage, room)} — ${whoAndWhen(visit)}`,
  request: ({ visit, room, stage, blob, problemId }) => ({
    path: `/api/employee/visits/${encodeURIComponent(visit.id)}/photos`,
    form: [
      { name: 'room', value: room },
      { name: 'stage', value: stage },
      ...(problemId ? [{ name: 'problem_id', value: problemId }] : []),
      { name: 'photo', file: blob, filename: 'photo.jpg' },
    ],
  }),
  meta: ({ visit, stage }) => ({ visitId: visit.id, stage }),
  invalidates: [employeeKeys.visits],
});

interface ProblemInput {
  visit: VisitDto;
  id: string;
  kind: ProblemKind;
  note: string;
}

export const visitProblemKind = defineKind({
  kind: 'visit-problem',
  auth: 'employee',
  label: ({ visit, kind }: ProblemInput) => `${PROBLEM_KIND_LABEL[kind]} — ${whoAndWhen(visit)}`,
  request: ({ visit, id, kind, note }) => ({ path: `/api/employee/visits/${encodeURIComponent(visit.id)}/problems`, json: { id, kind, note } }),
  meta: ({ visit, id, kind }) => ({ visitId: visit.id, problemId: id, kind }),
  invalidates: [employeeKeys.visits],
});

// Once the server has a photo, the phone's copy goes (whichever tab or the service worker sent it).
onSent('visit-photo', (n) => void db.pendingPhotos.delete(n.id).catch(() => undefined));

/** Resizes, keeps and queues one photo; tries to send it at once (offline it waits). `after`: the problem's item. */
export async function takePhoto(input: Omit<PhotoInput, 'blob'> & { file: Blob; }, after?: string): Promise<void> {
  const blob = await resizeToJpeg(input.file);
  const item = await enqueue(visitPhotoKind, { ...input, blob }, { after });
  await db.pendingPhotos.put({ id: item.id, visitId: input.visit.id, room: input.room, stage: input.stage, blob, createdAt: Date.now() });
  void sendOne(item.id).catch(() => undefined);
}

/** A problem and its photos: the problem first, then each photo (sent after it). */
export async function reportProblem(visit: VisitDto, kind: ProblemKind, note: string, photos: File[], room: string): Promise<SubmitOutcome<unknown>> {
  const id = newProblemId((n) => crypto.getRandomValues(new Uint8Array(n)));
  const sent = await submit(visitProblemKind, { visit, id, kind, note });
  for (const file of photos) {
    await takePhoto({ visit, room: room || PROBLEM_KIND_LABEL[kind], stage: 'problem', file, problemId: id }, sent.status === 'queued' ? sent.id : undefined);
  }
  return sent;
}
