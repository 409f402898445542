// A customer's copy holds the photos taken at their visits (the files themselves, under files/photos/)
// and the problems reported there, with how the office resolved them — not who in the office did.
import type mongoose from 'mongoose';
import { Problem } from '../../models/Problem';
import { PHOTO_BUCKET, VisitPhoto } from '../../models/VisitPhoto';

export async function visitRecordsOf(
  userId: mongoose.Types.ObjectId,
): Promise<{ json: Record<string, unknown>; files: Array<{ path: string; bucket: string; filename: string; }>; rows: number; }> {
  const [photos, problems] = await Promise.all([
    VisitPhoto.find({ user: userId }).sort({ taken_at: 1 }).lean(),
    Problem.find({ user: userId }).sort({ reported_at: 1 }).lean(),
  ]);
  return {
    json: {
      'photos.json': photos.map((p) => ({
        id: String(p._id),
        visit_id: String(p.visit),
        room: p.room,
        stage: p.stage,
        taken_at: p.taken_at,
        problem_id: p.problem ? String(p.problem) : undefined,
        file: `files/photos/${p.file}`,
      })),
      'problems.json': problems.map((p) => ({
        id: String(p._id),
        visit_id: String(p.visit),
        kind: p.kind,
        note: p.note,
        state: p.state,
        reported_at: p.reported_at,
        resolved_at: p.resolved_at ?? undefined,
        resolve_note: p.resolve_note ?? undefined,
      })),
    },
    files: photos.map((p) => ({ path: `files/photos/${p.file}`, bucket: PHOTO_BUCKET, filename: p.file })),
    rows: photos.length + problems.length,
  };
}
