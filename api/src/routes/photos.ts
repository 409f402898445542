// A visit's photos (shared/README.md "Photos"): the cleaner sends them (multipart, Idempotency-Key: the
// phone's outbox retries), the customer and the cleaner list them, and a photo's signed link serves its
// bytes. The office's list is in admin/problems.ts.
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { PHOTO_MAX_BYTES, photoFieldsSchema } from '@shared/schemas/photos';
import { PHOTO_MSG } from '@shared/messages-photos';
import type { Deps } from '../deps';
import { authOf, customerOf } from '../http/auth';
import { requireCustomer, requireEmployee } from './guards';
import { idempotent, replayAnswered } from '../http/idempotency';
import { answerBeforeBody, multipartUpload, sendStoredFile, uploadedFile } from '../http/uploads';
import { parseBody, parseId } from '../http/validate';
import { notFound } from '../lib/errors';
import { uploadTempDir } from '../lib/uploads';
import { addPhoto, photoFile, visitPhotos } from '../services/photos/photos';
import { linkValid } from '../services/photos/links';

/** A photo's bytes never change (a new photo is a new id): kept by the reader's browser, never by a shared cache. */
const PHOTO_CACHE = 'private, max-age=86400, immutable';

/** A retry of a photo already answered gets that answer before its body is read: the bytes are not sent twice into the store. */
async function replayBeforeBody(ctx: Context, next: Next) {
  if (ctx.is('multipart') && (await replayAnswered(ctx))) return answerBeforeBody(ctx);
  await next();
}

export function photosRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  const photo = multipartUpload({
    tempDir: uploadTempDir(deps.config.dataDir),
    field: 'photo',
    maxBytes: PHOTO_MAX_BYTES,
    tooLargeMessage: PHOTO_MSG.tooLarge,
  });

  // Auth first, then a replay, then the body (bounded before it is parsed), then the key for a first send.
  router.post('/employee/visits/:id/photos', requireEmployee(deps), replayBeforeBody, photo, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const fields = parseBody(ctx, photoFieldsSchema);
    const saved = await addPhoto(deps, authOf(ctx).sub, id, fields, uploadedFile(ctx));
    ctx.status = 201;
    ctx.body = { success: true, message: PHOTO_MSG.saved, photo: saved };
  });

  router.get('/employee/visits/:id/photos', requireEmployee(deps), async (ctx) => {
    ctx.body = { success: true, photos: await visitPhotos(deps, { type: 'employee', id: authOf(ctx).sub }, parseId(ctx)) };
  });

  router.get('/user/visits/:id/photos', requireCustomer(deps), async (ctx) => {
    ctx.body = { success: true, photos: await visitPhotos(deps, { type: 'customer', id: String(customerOf(ctx)._id) }, parseId(ctx)) };
  });

  // The link itself is the reader's permission (given only to the customer, the cleaner and the office), for a while.
  router.get('/photos/:id', async (ctx) => {
    const id = ctx.params.id;
    const { exp, sig } = ctx.query as Record<string, string | undefined>;
    if (typeof exp !== 'string' || typeof sig !== 'string' || !linkValid(deps.config.jwtSecret, id, exp, sig, deps.clock.now())) {
      throw notFound(PHOTO_MSG.photoNotFound);
    }
    const found = await photoFile(id);
    if (!found) throw notFound(PHOTO_MSG.photoNotFound);
    await sendStoredFile(ctx, deps.files, found.bucket, found.file, PHOTO_CACHE);
  });

  return router;
}
