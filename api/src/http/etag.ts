// An answer with an ETag: a client that already holds the same one gets 304 without the body. Koa's
// ctx.fresh compares If-None-Match only once the status is 2xx, hence the 200 first. Used by the public
// blog list and the calendar feed.
import type { Context } from 'koa';

export function answerWithEtag(ctx: Context, etag: string, type: string, body: string | Buffer): void {
  ctx.etag = etag;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = type;
  ctx.body = body;
}
