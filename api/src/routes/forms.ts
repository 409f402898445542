// Public forms: contact, enquiry, career. Rate-limited per IP; Idempotency-Key so the
// PWA's offline outbox can retry without sending twice.
import Router from '@koa/router';
import type { Context } from 'koa';
import { MSG } from '@shared/messages';
import { careerSchema, contactSchema, enquirySchema } from '@shared/schemas/forms';
import { idempotent } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import { uploadQuota } from '../http/upload-quota';
import { multipartUpload, uploadedFile } from '../http/uploads';
import { uploadTempDir } from '../lib/uploads';
import { parseBody } from '../http/validate';
import { saveCareer, saveContact, saveEnquiry } from '../services/forms/forms';
import type { Deps } from '../deps';

/** Generous for people, tight for scripts: 20 posts per 10 minutes per IP and form. */
const FORM_MAX = 20;
const FORM_WINDOW_MS = 10 * 60 * 1000;

export function formsRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  const limit = (name: string) => rateLimit({ name, max: FORM_MAX, windowMs: FORM_WINDOW_MS, key: (ctx: Context) => ctx.ip, clock: deps.clock });
  const cvQuota = uploadQuota({
    name: 'cv',
    perIpPerDay: deps.config.cvUploadsPerIpPerDay,
    perHour: deps.config.cvUploadsPerHour,
    inFlight: deps.config.cvUploadsInFlight,
    clock: deps.clock,
  });
  const cv = multipartUpload({ tempDir: uploadTempDir(deps.config.dataDir), field: 'cv', maxBytes: deps.config.cvMaxBytes, tooLargeMessage: MSG.cvTooLarge });

  router.post('/contact', limit('form-contact'), idempotent(), async (ctx) => {
    await saveContact(deps, parseBody(ctx, contactSchema), ctx.ip);
    ctx.status = 201;
    ctx.body = { success: true, message: MSG.contactSent };
  });

  router.post('/enquiry', limit('form-enquiry'), idempotent(), async (ctx) => {
    await saveEnquiry(deps, parseBody(ctx, enquirySchema), ctx.ip);
    ctx.status = 201;
    ctx.body = { success: true, message: MSG.enquirySent };
  });

  // The upload is parsed before idempotency so a reused key with different fields is recognised.
  router.post('/career', limit('form-career'), cvQuota, cv, idempotent(), async (ctx) => {
    const fields = parseBody(ctx, careerSchema);
    await saveCareer(deps, fields, uploadedFile(ctx), ctx.ip);
    ctx.status = 201;
    ctx.body = { success: true, message: MSG.careerSent };
  });

  return router;
}
