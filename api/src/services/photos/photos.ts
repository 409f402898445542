// A visit's photos (shared/README.md "Photos"): the cleaner adds them to their own visit (sniffed by
// content as JPEG, PNG or WebP, at most PHOTOS_PER_VISIT), the customer and the office read them.
// The bytes go to GridFS only after every check has passed; a row that fails to save takes its file away.
import mongoose from 'mongoose';
import { londonIso } from '@shared/visits';
import { PHOTO_MIME_TYPES, PHOTOS_PER_VISIT, type PhotoDto, type PhotoFields, type PhotoStage } from '@shared/schemas/photos';
import { PHOTO_MSG } from '@shared/messages-photos';
import { VISIT_MSG } from '@shared/messages-api';
import type { Deps } from '../../deps';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors';
import { sniff, storeUpload, uniqueName, type UploadedFile } from '../../lib/uploads';
import { PHOTO_BUCKET, VisitPhoto, type VisitPhotoDoc } from '../../models/VisitPhoto';
import { Problem } from '../../models/Problem';
import { Visit, type VisitDoc } from '../../models/Visit';
import { photosAllowed } from './allowed';
import { photoLink } from './links';

type PhotoDeps = Pick<Deps, 'config' | 'files' | 'clock' | 'log'>;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

export function photoDto(p: VisitPhotoDoc, secret: string, now: Date): PhotoDto {
  return {
    id: String(p._id),
    room: p.room,
    stage: p.stage as PhotoStage,
    url: photoLink(secret, String(p._id), now),
    taken_at: londonIso(p.taken_at),
    ...(p.problem ? { problem_id: String(p.problem) } : {}),
  };
}

/** The cleaner's photo of their own visit (404 for anyone else's); answers it as lists show it. */
export async function addPhoto(deps: PhotoDeps, employeeId: string, visitId: string, fields: PhotoFields, file: UploadedFile | undefined): Promise<PhotoDto> {
  const v = await Visit.findOne({ _id: oid(visitId), employee: oid(employeeId) }, { plan: 1, user: 1 }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  if (!(await photosAllowed(v))) throw conflict(PHOTO_MSG.notAllowed);
  if (!file || file.size === 0) throw badRequest(PHOTO_MSG.photoRequired, { errors: { photo: PHOTO_MSG.photoRequired } });
  if (fields.problem_id && !(await Problem.exists({ _id: oid(fields.problem_id), visit: v._id }))) {
    throw badRequest(PHOTO_MSG.problemNotFound, { errors: { problem_id: PHOTO_MSG.problemNotFound } });
  }
  if ((await VisitPhoto.countDocuments({ visit: v._id })) >= PHOTOS_PER_VISIT) throw conflict(PHOTO_MSG.visitFull(PHOTOS_PER_VISIT));
  const type = await sniff(file, PHOTO_MIME_TYPES);
  if (!type) throw new HttpError(415, PHOTO_MSG.wrongType, { errors: { photo: PHOTO_MSG.wrongType } });
  const name = uniqueName(type.ext);
  const stored = await storeUpload(deps.files, PHOTO_BUCKET, name, file, type.mime, { visit: visitId });
  try {
    const row = await VisitPhoto.create({
      visit: v._id,
      plan: v.plan,
      user: v.user,
      employee: oid(employeeId),
      room: fields.room,
      stage: fields.stage,
      ...(fields.problem_id ? { problem: oid(fields.problem_id) } : {}),
      file: name,
      content_type: type.mime,
      size: stored.length,
      taken_at: deps.clock.now(),
    });
    return photoDto(row.toObject() as VisitPhotoDoc, deps.config.jwtSecret, deps.clock.now());
  } catch (err) {
    await deps.files.remove(PHOTO_BUCKET, name).catch(() => undefined);
    throw err;
  }
}

/** Who is reading: the visit's customer, its cleaner, or the office (any visit). */
export type PhotoReader = { type: 'customer'; id: string; } | { type: 'employee'; id: string; } | { type: 'office'; };

function visitFilter(reader: PhotoReader, visitId: string): Record<string, unknown> {
  if (reader.type === 'customer') return { _id: oid(visitId), user: oid(reader.id) };
  if (reader.type === 'employee') return { _id: oid(visitId), employee: oid(reader.id) };
  return { _id: oid(visitId) };
}

/** A visit's photos in the order taken (at most PHOTOS_PER_VISIT: one page); 404 when the reader may not see the visit. */
export async function visitPhotos(deps: PhotoDeps, reader: PhotoReader, visitId: string): Promise<PhotoDto[]> {
  if (!(await Visit.exists(visitFilter(reader, visitId)))) throw notFound(VISIT_MSG.visitNotFound);
  const rows = await VisitPhoto.find({ visit: oid(visitId) }).sort({ taken_at: 1, _id: 1 }).limit(PHOTOS_PER_VISIT).lean<VisitPhotoDoc[]>();
  const now = deps.clock.now();
  return rows.map((p) => photoDto(p, deps.config.jwtSecret, now));
}

/** The stored file and type of a photo (null: no such photo, e.g. removed by retention). */
export async function photoFile(photoId: string): Promise<{ bucket: string; file: string; } | null> {
  if (!mongoose.isValidObjectId(photoId)) return null;
  const p = await VisitPhoto.findById(photoId, { file: 1 }).lean<VisitPhotoDoc>();
  return p ? { bucket: PHOTO_BUCKET, file: p.file } : null;
}

/** The retention pass: photos taken more than `days` before `now` go, their files first. Answers how many. */
export async function removeOldPhotos(deps: Pick<Deps, 'files'>, now: Date, days: number, batch = 500): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (;;) {
    const rows = await VisitPhoto.find({ taken_at: { $lt: before } }, { file: 1 }).limit(batch).lean<VisitPhotoDoc[]>();
    if (!rows.length) return removed;
    for (const r of rows) await deps.files.remove(PHOTO_BUCKET, r.file);
    removed += (await VisitPhoto.deleteMany({ _id: { $in: rows.map((r) => r._id) } })).deletedCount;
  }
}
