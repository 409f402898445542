// The parsed request body lives on ctx.request.body, which Koa's own types do not declare: read and
// written only here, so nothing else needs the cast.
import type { Context } from 'koa';

/** The body jsonBodies parsed, or undefined when the request had none. */
export function requestBody(ctx: Context): unknown {
  return (ctx.request as unknown as { body?: unknown; }).body;
}

export function setRequestBody(ctx: Context, body: unknown): void {
  (ctx.request as unknown as { body?: unknown; }).body = body;
}
