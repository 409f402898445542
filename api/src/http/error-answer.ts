// Turns every thrown error into a clear JSON answer; clients never see a stack trace.
import type { Context, Next } from 'koa';
import { z } from 'zod';
import mongoose from 'mongoose';
import { API_MSG } from '@shared/messages-api';
import { fieldErrors } from '@shared/field-errors';
import type { Logger } from '../logger';
import { isDuplicateKey } from '../models/duplicate-key';
import { HttpError, notFound } from '../lib/errors';

export function errorHandler(log: Logger) {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api/')) {
        throw notFound(API_MSG.noSuchEndpoint(ctx.method, ctx.path));
      }
    } catch (err) {
      const { status, body } = toAnswer(err);
      if (status >= 500) log.error({ err, path: ctx.path, method: ctx.method }, 'request failed');
      ctx.status = status;
      // A 429 thrown by a service (which never sees ctx) still tells the client when to come back.
      if (typeof body.retryAfterSeconds === 'number' && !ctx.response.get('Retry-After')) ctx.set('Retry-After', String(body.retryAfterSeconds));
      ctx.body = { success: false, ...body };
    }
  };
}

function toAnswer(err: unknown): { status: number; body: Record<string, unknown>; } {
  if (err instanceof HttpError) return { status: err.status, body: { message: err.message, ...err.extra } };
  if (err instanceof z.ZodError) {
    const errors = fieldErrors(err);
    return { status: 400, body: { message: Object.values(errors)[0] ?? API_MSG.validationFailed, errors } };
  }
  if (err instanceof mongoose.Error.CastError) return { status: 400, body: { message: API_MSG.invalidParam(err.path) } };
  if (err instanceof mongoose.Error.ValidationError) return { status: 400, body: { message: API_MSG.validationFailed } };
  if (isDuplicateKey(err)) {
    return { status: 409, body: { message: API_MSG.recordExists } };
  }
  // koa-body / raw-body errors carry their own status (413 too large, 400 broken JSON, 415 …).
  // koa-body 8 reports broken JSON as a plain SyntaxError with status 400 (no `type`).
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string; };
  const status = e?.status ?? e?.statusCode;
  if (status && status >= 400 && status < 500) {
    const message = status === 413
      ? API_MSG.requestTooLarge
      : e.type === 'entity.parse.failed' || err instanceof SyntaxError
      ? API_MSG.bodyNotJson
      : e.expose && e.message
      ? e.message
      : API_MSG.badRequest;
    return { status, body: { message } };
  }
  return { status: 500, body: { message: API_MSG.serverError } };
}
