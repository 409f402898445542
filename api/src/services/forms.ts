// Public forms: contact messages, enquiries and job applications (with an optional CV in GridFS).
// Each is stored first; the company inbox is told by mail afterwards, and a mail failure never fails the form.
import path from 'node:path';
import { CV_EXTENSIONS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { CareerInput, ContactInput, EnquiryInput } from '../../../shared/schemas/forms';
import { CV_BUCKET, CareerApplication } from '../models/CareerApplication';
import { ContactMessage } from '../models/ContactMessage';
import { Enquiry } from '../models/Enquiry';
import { HttpError } from '../http/errors';
import { sniff, storeUpload, uniqueName, type UploadedFile } from '../http/uploads';
import type { Deps } from '../deps';

/** What file-type reports for each CV format, and how we store it. DOC is an OLE2 (CFB) container. */
const CV_KINDS: Record<string, { ext: string; contentType: string }> = {
  'application/pdf': { ext: 'pdf', contentType: 'application/pdf' },
  'application/x-cfb': { ext: 'doc', contentType: 'application/msword' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

/** The company inbox is the MAIL_FROM address. */
function companyInbox(deps: Deps): string {
  const m = /<([^>]+)>/.exec(deps.config.mailFrom);
  return (m ? m[1] : deps.config.mailFrom).trim();
}

function notify(deps: Deps, subject: string, lines: Array<[string, unknown]>): void {
  const text = lines
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n');
  deps.mailer.send({ to: companyInbox(deps), subject, text }).catch((err) => deps.log.warn({ err, subject }, 'form notification mail failed'));
}

export async function saveContact(deps: Deps, input: ContactInput, ip: string): Promise<void> {
  await ContactMessage.create({ ...input, ip });
  notify(deps, `New contact message from ${input.name}`, Object.entries(input));
}

export async function saveEnquiry(deps: Deps, input: EnquiryInput, ip: string): Promise<void> {
  await Enquiry.create({ ...input, ip });
  notify(deps, `New enquiry: ${input.service} from ${input.name}`, Object.entries(input));
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
  try {
    await CareerApplication.create({ ...input, cv, ip });
  } catch (err) {
    if (cv) await deps.files.remove(CV_BUCKET, cv.stored_name).catch(() => undefined);
    throw err;
  }
  notify(deps, `New job application: ${input.position} — ${input.name}`, [
    ...Object.entries(input),
    ['CV', cv ? `${cv.original_name} (${cv.size} bytes, stored as ${cv.stored_name})` : 'none'],
  ]);
}
