// Public forms: contact messages, enquiries and job applications (with an optional CV in GridFS).
// Each is stored first; the company inbox is told by mail afterwards, and a mail failure never fails the form.
import path from 'node:path';
import { Readable } from 'node:stream';
import { CV_EXTENSIONS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { CareerInput, ContactInput, EnquiryInput } from '@shared/schemas/forms';
import { CV_BUCKET, CareerApplication } from '../../models/CareerApplication';
import { ContactMessage } from '../../models/ContactMessage';
import { Enquiry } from '../../models/Enquiry';
import { HttpError } from '../../lib/errors';
import { sniff, storeUpload, uniqueName, type UploadedFile } from '../../lib/uploads';
import type { MailAttachment } from '../../notify/mail';
import type { Deps } from '../../deps';
import { notify as tell } from '../../notify/notify';

/** What file-type reports for each CV format, and how we store it. DOC is an OLE2 (CFB) container. */
const CV_KINDS: Record<string, { ext: string; contentType: string; }> = {
  'application/pdf': { ext: 'pdf', contentType: 'application/pdf' },
  'application/x-cfb': { ext: 'doc', contentType: 'application/msword' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

/** Tells the company inbox (OFFICE_EMAIL); a reply goes to the person who wrote. Never fails the form. */
function notify(deps: Deps, subject: string, replyTo: string, lines: Array<[string, unknown]>, attachments?: MailAttachment[]): void {
  const text = lines
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n');
  tell(deps, { type: 'office' }, 'transactional', { subject, text, replyTo, ...(attachments ? { attachments } : {}) }).catch((err: unknown) => {
    // A stream the failed send never finished reading would hold its GridFS cursor open.
    for (const a of attachments ?? []) if (a.content instanceof Readable) a.content.destroy();
    deps.log.warn({ err, subject }, 'form notification mail failed');
  });
}

/** Where the office shows one application (absolute when PUBLIC_URL is set). */
export function officeCareerLink(deps: Deps, id: string): string {
  return `${(deps.config.publicUrl ?? '').replace(/\/+$/, '')}/office/inbox/career/${id}`;
}

export async function saveContact(deps: Deps, input: ContactInput, ip: string): Promise<void> {
  await ContactMessage.create({ ...input, ip });
  notify(deps, `New contact message from ${input.name}`, input.email, Object.entries(input));
}

export async function saveEnquiry(deps: Deps, input: EnquiryInput, ip: string): Promise<void> {
  await Enquiry.create({ ...input, ip });
  notify(deps, `New enquiry: ${input.service} from ${input.name}`, input.email, Object.entries(input));
}

/** The CV must have a .pdf/.doc/.docx name AND really be one of those formats by content. */
async function storeCv(deps: Deps, file: UploadedFile) {
  const ext = path.extname(file.originalName).toLowerCase();
  const kind = (CV_EXTENSIONS as readonly string[]).includes(ext) ? await sniff(file, Object.keys(CV_KINDS)) : null;
  if (!kind) throw new HttpError(415, MSG.cvWrongType, { errors: { cv: MSG.cvWrongType } });
  const { ext: storedExt, contentType } = CV_KINDS[kind.mime];
  const stored_name = uniqueName(storedExt);
  await storeUpload(deps.files, CV_BUCKET, stored_name, file, contentType, { originalName: file.originalName });
  return { stored_name, original_name: file.originalName, content_type: contentType, size: file.size };
}

export async function saveCareer(deps: Deps, input: CareerInput, file: UploadedFile | undefined, ip: string): Promise<void> {
  const cv = file ? await storeCv(deps, file) : undefined;
  let id: string;
  try {
    id = String((await CareerApplication.create({ ...input, cv, ip }))._id);
  } catch (err) {
    if (cv) await deps.files.remove(CV_BUCKET, cv.stored_name).catch(() => undefined);
    throw err;
  }
  const subject = `New job application: ${input.position} — ${input.name}`;
  const lines: Array<[string, unknown]> = Object.entries(input);
  if (!cv) return notify(deps, subject, input.email, [...lines, ['CV', 'none']]);
  // Small CVs travel with the mail, streamed from GridFS as it is sent; big ones stay in the office.
  if (cv.size > deps.config.cvAttachMaxBytes) {
    return notify(deps, subject, input.email, [...lines, ['CV', `${cv.original_name} (${cv.size} bytes), too large to attach: ${officeCareerLink(deps, id)}`]]);
  }
  const attachment: MailAttachment = { filename: cv.original_name, contentType: cv.content_type, content: deps.files.open(CV_BUCKET, cv.stored_name) };
  notify(deps, subject, input.email, [...lines, ['CV', `${cv.original_name} (${cv.size} bytes), attached`]], [attachment]);
}
