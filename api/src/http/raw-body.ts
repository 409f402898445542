// A request's exact bytes, bounded: for a route that verifies a signature over them (http/body.ts
// leaves such routes' bodies unread).
import type { Context } from 'koa';
import { HttpError } from '../lib/errors';

export async function readRawBody(ctx: Context, maxBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > maxBytes) throw new HttpError(413, 'Request body too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
