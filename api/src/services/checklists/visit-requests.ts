// The customer's requests for one visit ("Please do the oven this time"): their own visit only, while
// it is scheduled and before its change cut-off (shared/visits.ts changeCutoff, the same rule as a
// skip or a move), after which the answer says when it closed and nothing is changed.
import mongoose from 'mongoose';
import { changeCutoff } from '@shared/visits';
import { CHECKLIST_MSG } from '@shared/messages-checklists';
import { VISIT_MSG } from '@shared/messages-api';
import { Visit, type VisitDoc } from '../../models/Visit';
import { conflict, notFound } from '../../lib/errors';
import { when } from '../plans/visit-mail';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

export async function setVisitRequests(userId: string, visitId: string, text: string, r: { now: Date; cutoff: string; }): Promise<VisitDoc> {
  const v = await Visit.findOne({ _id: oid(visitId), user: oid(userId) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  if (v.state !== 'scheduled') throw conflict(CHECKLIST_MSG.requestsNotScheduled);
  const cut = changeCutoff(v.start, r.cutoff);
  if (r.now.getTime() >= cut) throw conflict(CHECKLIST_MSG.requestsPastCutoff(when(cut)));
  // On the start just read: a move meanwhile (a new cut-off) makes this one lose rather than slip past it.
  const updated = await Visit.findOneAndUpdate({ _id: v._id, user: oid(userId), state: 'scheduled', start: v.start }, { $set: { requests: text } }, {
    returnDocument: 'after',
  }).lean<VisitDoc>();
  if (!updated) throw conflict(VISIT_MSG.changedMeanwhile);
  return updated;
}
