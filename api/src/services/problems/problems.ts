// Problems from the doorstep (shared/README.md "Problems"): the cleaner reports one at their own visit —
// "couldn't get in" is the lockout (plans/lockout.ts: skipped, charged and the customer told as before),
// the rest are kept as they are — the office is told at once and resolves it with a note (audited).
// A report sent twice (its Idempotency-Key, or the phone's own problem id) is one problem, told once.
import mongoose from 'mongoose';
import { PROBLEM_MSG } from '@shared/messages-photos';
import { VISIT_MSG } from '@shared/messages-api';
import { pageInfo, skipOf, type PageInfo } from '@shared/schemas/paging';
import type { ProblemDto, ProblemInput, ProblemState } from '@shared/schemas/photos';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { isDuplicateKey } from '../../models/duplicate-key';
import { Problem, type ProblemDoc } from '../../models/Problem';
import { Visit, type VisitDoc } from '../../models/Visit';
import { reportLockout } from '../plans/lockout';
import { recordAudit, type AuditActor } from '../office/audit';
import { tellProblem } from './tell';
import { officeRows } from './office-rows';
import { problemDto } from './problem-view';

type ProblemDeps = Pick<Deps, 'config' | 'mailer' | 'push' | 'log' | 'clock' | 'jobs'>;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** The cleaner's report at their own visit (404 for anyone else's). `created`: false for a repeat. */
export async function reportProblem(
  deps: ProblemDeps,
  employeeId: string,
  visitId: string,
  input: ProblemInput,
): Promise<{ problem: ProblemDto; created: boolean; }> {
  const v = await Visit.findOne({ _id: oid(visitId), employee: oid(employeeId) }, { plan: 1, user: 1 }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  const again = await earlierReport(v, input);
  if (again) return { problem: problemDto(again), created: false };
  // The lockout's own rules (its time has come, still scheduled) refuse it before anything is kept.
  if (input.kind === 'couldnt_get_in') await reportLockout(deps, employeeId, visitId, input.note || undefined);
  let row: ProblemDoc;
  try {
    const made = await Problem.create({
      ...(input.id ? { _id: oid(input.id) } : {}),
      visit: v._id,
      plan: v.plan,
      user: v.user,
      employee: oid(employeeId),
      kind: input.kind,
      note: input.note,
      reported_at: deps.clock.now(),
    });
    row = made.toObject() as ProblemDoc;
  } catch (err) {
    // Two sends of one phone-made id at once: the first made it.
    const first = isDuplicateKey(err) ? await earlierReport(v, input) : null;
    if (!first) throw err;
    return { problem: problemDto(first), created: false };
  }
  await tellProblem(deps, row);
  return { problem: problemDto(row), created: true };
}

/**
 * The lockout as the card's "Couldn't get in" sends it (POST …/lockout): the lockout's own answer, and
 * the problem kept with it so the office's list has every one, however it was reported.
 */
export async function reportLockoutProblem(deps: ProblemDeps, employeeId: string, visitId: string, note: string | undefined) {
  const answer = await reportLockout(deps, employeeId, visitId, note);
  await reportProblem(deps, employeeId, visitId, { kind: 'couldnt_get_in', note: note ?? '' });
  return answer;
}

/** The same report made before: the phone's id again, or a second "couldn't get in" at one visit (the lockout is once). */
async function earlierReport(v: VisitDoc, input: ProblemInput): Promise<ProblemDoc | null> {
  if (input.id) {
    const same = await Problem.findById(input.id).lean<ProblemDoc>();
    if (same && String(same.visit) !== String(v._id)) throw conflict(PROBLEM_MSG.problemNotFound);
    if (same) return same;
  }
  if (input.kind !== 'couldnt_get_in') return null;
  return Problem.findOne({ visit: v._id, kind: 'couldnt_get_in' }).lean<ProblemDoc>();
}

/** The office's list of one state, newest first, a page at a time, with where and who. */
export async function officeProblems(q: { state: ProblemState; page: number; limit: number; }): Promise<{ problems: ProblemDto[]; info: PageInfo; }> {
  const filter = { state: q.state };
  const [rows, total] = await Promise.all([
    Problem.find(filter).sort({ reported_at: -1, _id: -1 }).skip(skipOf(q)).limit(q.limit).lean<ProblemDoc[]>(),
    Problem.countDocuments(filter),
  ]);
  return { problems: await officeRows(rows, problemDto), info: pageInfo(q.page, q.limit, total) };
}

/** The office resolves an open problem with what it did; the audit log keeps who, when and the note. */
export async function resolveProblem(actor: AuditActor, id: string, note: string, now: Date): Promise<ProblemDto> {
  if (!mongoose.isValidObjectId(id)) throw notFound(PROBLEM_MSG.problemNotFound);
  const before = await Problem.findById(id).lean<ProblemDoc>();
  if (!before) throw notFound(PROBLEM_MSG.problemNotFound);
  const after = await Problem.findOneAndUpdate(
    { _id: before._id, state: 'open' },
    { $set: { state: 'resolved', resolved_at: now, resolved_by: oid(actor.id), resolve_note: note } },
    { returnDocument: 'after' },
  ).lean<ProblemDoc>();
  if (!after) throw conflict(PROBLEM_MSG.alreadyResolved);
  const v = await Visit.findById(before.visit, { reference: 1, day: 1 }).lean<VisitDoc>();
  await recordAudit({
    actor,
    action: 'problem.resolve',
    target: { type: 'booking', id: String(before.plan), label: `${v?.reference ?? ''}, visit of ${v?.day ?? ''}` },
    before: { problem: id, kind: before.kind, state: 'open' },
    after: { problem: id, kind: before.kind, state: 'resolved' },
    note,
  });
  return problemDto(after);
}
