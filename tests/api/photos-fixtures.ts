// Photos tests: a visit of a plan accepted by its cleaner, and the photo bytes the sniffing tells apart.
import { Visit } from '../../api/src/models/Visit';
import type { TestServer } from '../support/test-server';
import { form } from './employee-fixtures';
import { acceptedPlan, dayAhead, type PlanCast } from './visits-fixtures';

/** The smallest bytes `file-type` reads as each type (only the start of a file is sniffed). */
export const tinyJpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 7)]);
export const tinyWebp = () => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(200, 3)]);
export const tinyGif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 1)]);

export interface VisitCast extends PlanCast {
  visitId: string;
}

/** A plan `days` ahead and its first visit. */
export async function visitCast(s: TestServer, days = 3): Promise<VisitCast> {
  const p = await acceptedPlan(s, { date: dayAhead(days) });
  const first = (await Visit.findOne({ plan: p.bookingId }).sort({ start: 1 }).lean())!;
  return { ...p, visitId: String(first._id) };
}

/** POST a photo as `token`, with an optional Idempotency-Key. */
export function sendPhoto(
  s: TestServer,
  token: string,
  visitId: string,
  data: Buffer,
  fields: Record<string, string> = { room: 'Kitchen', stage: 'before' },
  key?: string,
) {
  return s.call('POST', `/api/employee/visits/${visitId}/photos`, {
    token,
    body: form(fields, { photo: { data, name: 'photo.jpg', type: 'image/jpeg' } }),
    headers: key ? { 'Idempotency-Key': key } : {},
  });
}
