// A problem as the visits' answers and the office's list show it.
import mongoose from 'mongoose';
import { londonIso } from '@shared/visits';
import type { ProblemDto, ProblemKind, ProblemState } from '@shared/schemas/photos';
import { Problem, type ProblemDoc } from '../../models/Problem';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

export function problemDto(p: ProblemDoc): ProblemDto {
  return {
    id: String(p._id),
    visit_id: String(p.visit),
    kind: p.kind as ProblemKind,
    note: p.note ?? '',
    state: p.state as ProblemState,
    reported_at: londonIso(p.reported_at),
    ...(p.resolved_at ? { resolved_at: londonIso(p.resolved_at), resolve_note: p.resolve_note ?? '' } : {}),
  };
}

/** Each visit's problems, for the visits' answers (one query per page). */
export async function problemsOfVisits(visitIds: string[]): Promise<Map<string, ProblemDto[]>> {
  const out = new Map<string, ProblemDto[]>();
  if (!visitIds.length) return out;
  const rows = await Problem.find({ visit: { $in: visitIds.map(oid) } }).sort({ reported_at: 1 }).lean<ProblemDoc[]>();
  for (const p of rows) out.set(String(p.visit), [...(out.get(String(p.visit)) ?? []), problemDto(p)]);
  return out;
}
