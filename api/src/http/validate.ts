// Parses a request part with the shared zod schema: the same schema the PWA form uses.
import type { Context } from 'koa';
import type { z } from 'zod';
import { badRequest } from '../lib/errors';
import { requestBody } from './request-body';
import { objectId } from '@shared/schemas/common';
import { API_MSG } from '@shared/messages-api';

export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(requestBody(ctx) ?? {});
}

/** Route id parameters must be ObjectIds; anything else is a clear 400, not a cast error. */
export function parseId(ctx: Context, name = 'id'): string {
  const raw = (ctx.params as Record<string, string>)[name];
  const parsed = objectId.safeParse(raw);
  if (!parsed.success) throw badRequest(API_MSG.invalidParam(name));
  return parsed.data;
}

/** Parses the query string with a shared schema (values arrive as text; the schema coerces them). */
export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(ctx.query);
}
