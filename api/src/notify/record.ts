// Keeps what reached a person (models/Notice.ts) for their "What was I told?" list. A notice is recorded
// once it was sent; a failure to record is logged, never un-sends it nor fails the job (a retry would
// mail twice).
import type { Deps } from '../deps';
import { Notice } from '../models/Notice';
import type { Person } from './push';

/** Texts are kept bounded: a notice is a few lines; the list shows them whole. */
const TEXT_MAX = 4000;

/** What a notice keeps of a message (notify.ts's NoticeMessage and result, kept structural so notify can import this file). */
interface Sent {
  subject: string;
  text: string;
  url?: string;
}

export async function recordNotice(
  deps: Pick<Deps, 'clock' | 'log'>,
  person: Person,
  kind: string,
  message: Sent,
  sent: { email: boolean; pushed: number; },
): Promise<void> {
  try {
    await new Notice({
      person_type: person.type,
      person_id: person.id,
      kind,
      subject: message.subject.slice(0, 300),
      text: message.text.slice(0, TEXT_MAX),
      url: message.url ?? '',
      email: sent.email,
      pushed: sent.pushed,
      sent_at: deps.clock.now(),
    }).save();
  } catch (err) {
    deps.log.error({ err, kind }, 'notice could not be recorded');
  }
}
