// JSON request bodies, read and checked in linear time before JSON.parse: V8 spends about a second
// parsing 1 MB of "[[[[…" and a third of one on 50 000 keys, all of it blocking every other request,
// so nesting depth and the number of members are counted in one pass first and refused when absurd.
import type { Context } from 'koa';
import { API_MSG } from '@shared/messages-api';
import { HttpError, badRequest } from '../lib/errors';
import { setRequestBody } from './request-body';

/** Deeper than any body of ours (the deepest is 2) by a wide margin. */
export const JSON_MAX_DEPTH = 32;
/** Object members plus array items, all levels together: our largest form has about 20. */
export const JSON_MAX_MEMBERS = 2_000;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** One pass over the text: throws 400 when the nesting or the member count is beyond the limits. */
export function checkJsonShape(text: string): void {
  let depth = 0;
  let members = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > JSON_MAX_DEPTH) throw badRequest(API_MSG.bodyTooDeep);
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
    else if (c === COMMA && ++members > JSON_MAX_MEMBERS) throw badRequest(API_MSG.bodyTooManyMembers);
  }
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** "16kb", "1mb", "500": a size as JSON_LIMIT writes it, in bytes. */
export function sizeInBytes(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?b)?$/i.exec(text.trim());
  if (!m) throw new Error(`Not a size: "${text}" (use e.g. 64kb or 1mb)`);
  return Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]);
}

const tooLarge = () => new HttpError(413, API_MSG.requestTooLarge);

/** Reads the body as UTF-8 up to `limit` bytes (413 past it, before reading on when announced). */
async function readText(ctx: Context, limit: number): Promise<string> {
  const announced = Number(ctx.get('Content-Length') || 0);
  if (announced > limit) throw tooLarge();
  const encoding = ctx.get('Content-Encoding');
  if (encoding && encoding !== 'identity') throw new HttpError(415, API_MSG.bodyEncoding);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      ctx.set('Connection', 'close');
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON body (objects and arrays only) into ctx.request.body. */
export async function parseJsonBody(ctx: Context, limitText: string): Promise<void> {
  const text = await readText(ctx, sizeInBytes(limitText));
  const first = /\S/.exec(text);
  if (!first) {
    setRequestBody(ctx, {});
    return;
  }
  if (first[0] !== '{' && first[0] !== '[') throw badRequest(API_MSG.bodyNotJson);
  checkJsonShape(text);
  try {
    setRequestBody(ctx, JSON.parse(text));
  } catch {
    throw badRequest(API_MSG.bodyNotJson);
  }
}
