// Who hears of a problem (shared/README.md "Who is told of what"): the office at once, through the one
// change-telling path (told once per problem, retried by the job runner); the customer, when it is
// about their home or belongings, a few minutes later by a job, so the photos the cleaner sends just
// after the report ride along as links. Never the access notes. "Couldn't get in" tells the customer
// through the lockout's own notice.
import { formatPostcode } from '@shared/postcode';
import { CUSTOMER_PROBLEM_KINDS, type ProblemKind } from '@shared/schemas/photos';
import { PROBLEM_MSG } from '@shared/messages-photos';
import type { Deps } from '../../deps';
import { Booking } from '../../models/Booking';
import { Problem, type ProblemDoc } from '../../models/Problem';
import { VisitPhoto } from '../../models/VisitPhoto';
import { notify } from '../../notify/notify';
import { tellEach } from '../plans/changes';
import { visitContext } from '../plans/visit-context';
import { when } from '../plans/visit-mail';
import { currentCompany } from '../office/company';
import { MAIL_LINK_MS, photoLink } from '../photos/links';

export const PROBLEM_CUSTOMER_JOB = 'problem-customer';
/** How long after the report the customer is told: the photos taken with it have arrived by then. */
export const CUSTOMER_TELL_DELAY_MS = 10 * 60_000;

type TellDeps = Pick<Deps, 'config' | 'mailer' | 'push' | 'log' | 'clock' | 'jobs'>;

export async function tellProblem(deps: TellDeps, p: ProblemDoc): Promise<void> {
  try {
    const ctx = await visitContext(p.visit);
    if (!ctx) return;
    const b = await Booking.findById(p.plan, { postcode: 1 }).lean();
    const v = ctx.visit;
    await tellEach(deps, `problem:${String(p._id)}`, [{
      who: 'office',
      to: { type: 'office' },
      kind: 'transactional',
      message: {
        subject: PROBLEM_MSG.officeSubject(p.kind as ProblemKind, v.reference ?? ''),
        text: PROBLEM_MSG.officeText({
          kind: p.kind as ProblemKind,
          reference: v.reference ?? '',
          when: when(v.start),
          cleaner: ctx.cleaner?.name ?? '',
          customer: ctx.customer.name,
          postcode: b?.postcode ? formatPostcode(b.postcode) : '',
          note: p.note ?? '',
        }),
        url: '/office/problems',
      },
    }]);
    if (!CUSTOMER_PROBLEM_KINDS.includes(p.kind as ProblemKind)) return;
    const key = `${PROBLEM_CUSTOMER_JOB}:${String(p._id)}`;
    await deps.jobs.schedule({
      key,
      kind: PROBLEM_CUSTOMER_JOB,
      runAt: new Date(deps.clock.now().getTime() + CUSTOMER_TELL_DELAY_MS),
      payload: { problem: String(p._id) },
    });
  } catch (err) {
    deps.log.error({ err, problem: String(p._id) }, 'a problem could not be told');
  }
}

/** The customer's notice, with signed links to the problem's photos (the job; a failed mail is retried by the runner). */
export function defineProblemJobs(deps: TellDeps): void {
  deps.jobs.define(PROBLEM_CUSTOMER_JOB, async (payload) => {
    const p = await Problem.findById(String(payload.problem)).lean<ProblemDoc>();
    const ctx = p ? await visitContext(p.visit) : null;
    if (!p || !ctx) return;
    const now = deps.clock.now();
    const site = (deps.config.publicUrl ?? '').replace(/\/+$/, '');
    const photos = await VisitPhoto.find({ problem: p._id }, { _id: 1 }).sort({ taken_at: 1 }).lean();
    await notify(deps, { type: 'customer', id: ctx.customer.id }, 'changes', {
      subject: PROBLEM_MSG.customerSubject(when(ctx.visit.start)),
      text: PROBLEM_MSG.customerText({
        firstName: ctx.customer.firstName,
        cleaner: ctx.cleaner?.firstName ?? '',
        when: when(ctx.visit.start),
        kind: p.kind as ProblemKind,
        note: p.note ?? '',
        photos: photos.map((x) => site + photoLink(deps.config.jwtSecret, String(x._id), now, MAIL_LINK_MS)),
        phone: (await currentCompany()).phone,
      }),
      url: '/orders',
    });
  });
}
