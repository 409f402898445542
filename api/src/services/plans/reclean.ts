// Not happy → re-clean. A rating of LOW_RATING_MAX stars or fewer opens a case in the office's inbox
// (its own kind, "Not happy — re-clean": the visit, its customer and cleaner, the stars and the comment)
// and tells the office; the customer is offered a free
// re-clean within RECLEAN_WITHIN_HOURS of the rating: one visit of the same plan at no charge (price 0),
// booked by the customer from the rating's answer or by the office. One per rated visit (its slot is
// unique within the plan).
import mongoose from 'mongoose';
import { LOW_RATING_MAX, RECLEAN_WITHIN_HOURS } from '@shared/constants';
import { CHANGES_MSG } from '@shared/messages-changes';
import { VISIT_MSG } from '@shared/messages-api';
import type { RatingInput } from '@shared/schemas/reminders';
import { londonDate } from '@shared/visits';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { LowRatingCase } from '../../models/LowRatingCase';
import { isDuplicateKey } from '../../models/duplicate-key';
import { Rating } from '../../models/Rating';
import { Visit, type VisitDoc } from '../../models/Visit';
import { tellChange, tellEach } from './changes';
import type { ChangeDeps } from './telling';
import { rateVisit } from './ratings';
import { visitContext } from './visit-context';
import { visitDto } from './visits-view';
import { when } from './visit-mail';

const H = 3600_000;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** Records the rating; a low one opens the case, tells the office and answers until when a free re-clean may be booked. */
export async function rateAndFollowUp(deps: ChangeDeps, v: VisitDoc, input: RatingInput): Promise<{ reclean_until: string | null; message: string | null; }> {
  const rating = await rateVisit(v, input);
  if (rating.stars > LOW_RATING_MAX) return { reclean_until: null, message: null };
  const until = new Date(deps.clock.now().getTime() + RECLEAN_WITHIN_HOURS * H);
  await Rating.updateOne({ _id: rating._id }, { $set: { reclean_until: until } });
  try {
    const ctx = await visitContext(v._id);
    if (ctx) {
      const [at, cleaner] = [when(v.start), ctx.cleaner?.name ?? ''];
      await LowRatingCase.create({
        name: ctx.customer.name,
        email: ctx.customer.email,
        phone: ctx.customer.phone || undefined,
        rating: rating._id,
        visit: v._id,
        user: v.user,
        visit_when: at,
        reference: ctx.visit.reference ?? '',
        cleaner,
        stars: rating.stars,
        comment: rating.comment ?? '',
      });
      await tellEach(deps, `rating:${String(rating._id)}`, [
        {
          who: 'office',
          to: { type: 'office' },
          kind: 'transactional',
          message: {
            subject: CHANGES_MSG.officeLowRatingSubject(rating.stars, ctx.visit.reference ?? ''),
            text: CHANGES_MSG.officeLowRatingText(rating.stars, ctx.customer.name, ctx.visit.reference ?? '', at, cleaner, rating.comment ?? ''),
            url: '/office/inbox',
          },
        },
      ]);
    }
  } catch (err) {
    deps.log.error({ err, visit: String(v._id) }, 'the low rating case could not be opened');
  }
  return { reclean_until: until.toISOString(), message: CHANGES_MSG.lowRated(when(until)) };
}

/** The customer's own finished visit, rated in the app (someone else's is not revealed: 404). */
export async function rateOwnAndFollowUp(deps: ChangeDeps, userId: string, visitId: string, input: RatingInput) {
  const v = await Visit.findOne({ _id: oid(visitId), user: oid(userId) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  return rateAndFollowUp(deps, v, input);
}

/**
 * Books the free re-clean of a low-rated visit at `start` (the customer's own, or any for the office):
 * with the same cleaner, at no charge, before the offer runs out; the cleaner is told, and the customer
 * when the office booked it.
 */
export async function bookReclean(deps: ChangeDeps, by: { customer?: string; }, visitId: string, start: number) {
  const v = await Visit.findOne({ _id: oid(visitId), ...(by.customer ? { user: oid(by.customer) } : {}) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  const rating = await Rating.findOne({ visit: v._id }, { stars: 1, reclean_until: 1 }).lean();
  if (!rating?.reclean_until || rating.stars > LOW_RATING_MAX) throw conflict(CHANGES_MSG.recleanNotOffered);
  const until = rating.reclean_until.getTime();
  const now = deps.clock.now().getTime();
  if (start <= now) throw badRequest(VISIT_MSG.moveInPast, { errors: { start: VISIT_MSG.moveInPast } });
  if (start > until) throw badRequest(CHANGES_MSG.recleanTooLate(when(until)), { errors: { start: CHANGES_MSG.recleanTooLate(when(until)) } });
  let made: VisitDoc;
  try {
    const doc = await Visit.create({
      plan: v.plan,
      user: v.user,
      reference: v.reference,
      slot: `${v.slot}:reclean`,
      start: new Date(start),
      day: londonDate(start),
      employee: v.employee ?? null,
      exception: true,
      price_pence: 0,
      reclean_of: v._id,
    });
    made = doc.toObject() as VisitDoc;
  } catch (err) {
    if (isDuplicateKey(err)) {
      throw conflict((await Visit.exists({ plan: v.plan, slot: `${v.slot}:reclean` })) ? CHANGES_MSG.recleanAlready : VISIT_MSG.moveSameDay);
    }
    throw err;
  }
  const at = when(start);
  await tellChange(deps, {
    key: `reclean:${String(made._id)}`,
    plan: String(v.plan),
    reference: v.reference ?? '',
    employees: [v.employee],
    what: CHANGES_MSG.recleanCleaner(at),
    ...(by.customer ? {} : { toCustomer: CHANGES_MSG.recleanCustomer(at) }),
  });
  return { visit: visitDto(made, new Map()), message: by.customer ? CHANGES_MSG.recleanBooked(at) : CHANGES_MSG.recleanBookedByOffice(at) };
}
