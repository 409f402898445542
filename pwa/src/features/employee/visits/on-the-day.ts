// Photos and problems belong to the visit as it happens: from its London day on, while it is scheduled or done.
import { londonDate } from '@shared/visits';
import type { VisitDto } from '@shared/schemas/visits';

export const onTheDay = (v: VisitDto, now = Date.now()) => (v.state === 'scheduled' || v.state === 'completed') && v.start.slice(0, 10) <= londonDate(now);
