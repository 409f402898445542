// Multipart uploads, parsed per route: the file goes to a temp dir on disk (never whole in memory) with
// a size limit, is content-sniffed, and only then streamed into GridFS. Temp files are always removed,
// whatever the handler does.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { File } from 'formidable';
import { API_MSG } from '@shared/messages-api';
import type { FileStore } from '../lib/files';
import { HttpError, badRequest } from '../lib/errors';
import { megabytes, type UploadedFile } from '../lib/uploads';
import { PRIVATE_FILE_MODE, privateDir } from '../data-dir';

const MB = 1024 * 1024;
/** Text fields of our forms are small; the blog content (≤ 100 000 characters) is the largest. */
const MAX_FIELDS_BYTES = 1 * MB;
/** Multipart framing (boundaries, part headers) on top of the file and the fields. */
const FRAMING_BYTES = 64 * 1024;

// formidable's internal error codes (formidable/src/FormidableError.js).
const FORMIDABLE_TOO_BIG = new Set([1009, 1016]);
const FORMIDABLE_FIELDS_TOO_BIG = 1006;
const FORMIDABLE_TOO_MANY_FILES = 1015;

export interface UploadSpec {
  /** Where uploads wait on disk while they are checked (per instance: DATA_DIR/uploads-tmp). */
  tempDir: string;
  /** The one file field this route accepts (e.g. 'cv', 'image'). */
  field: string;
  maxBytes: number;
  /** Shown with 413; `{max}` is replaced by the limit in MB. */
  tooLargeMessage: string;
}

/** How long a connection answered before its body was read goes on taking (and dropping) that body. */
const LINGER_MS = 5_000;

/**
 * For an answer sent before the request's body is read (a refusal, a replay): the connection is closed
 * after it, so the rest of the body is never parsed nor stored. Not at once, though: closing a socket
 * with unread bytes resets the connection, and a client still sending (a phone on a slow uplink) then
 * loses the answer it had not read yet. Node closes a `Connection: close` answer's socket with
 * destroySoon(); here that only ends our side, and the socket is destroyed when the client closes
 * its own (having read the answer) or after LINGER_MS — the "lingering close" of nginx and Apache.
 * Meanwhile Node's HTTP parser reads and drops the body (req._dump()), so nothing piles up.
 */
export function answerBeforeBody(ctx: Context): void {
  ctx.set('Connection', 'close');
  const socket = ctx.req.socket;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

function tooLarge(spec: UploadSpec): HttpError {
  return new HttpError(413, spec.tooLargeMessage.replace('{max}', () => megabytes(spec.maxBytes)));
}

function formidableToHttp(err: unknown, spec: UploadSpec): HttpError {
  const code = (err as { code?: unknown; }).code;
  if (typeof code === 'number' && FORMIDABLE_TOO_BIG.has(code)) return tooLarge(spec);
  if (code === FORMIDABLE_FIELDS_TOO_BIG) return new HttpError(413, API_MSG.formFieldsTooLarge);
  if (code === FORMIDABLE_TOO_MANY_FILES) return badRequest(API_MSG.uploadUnexpectedFile);
  return badRequest(API_MSG.uploadUnreadable);
}

function filesOf(ctx: Context): File[] {
  const files = ctx.request.files ?? {};
  return Object.values(files).flatMap((f) => (Array.isArray(f) ? f : [f]));
}

/**
 * Parses a multipart body for this route (JSON bodies were already parsed by the app-wide parser and
 * pass through). Puts the file, when one was sent, on ctx.state.upload; cleans temp files afterwards.
 */
export function multipartUpload(spec: UploadSpec): Middleware {
  const parserFor = (uploadDir: string) =>
    koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir,
        maxFileSize: spec.maxBytes,
        maxTotalFileSize: spec.maxBytes,
        maxFiles: 1,
        maxFields: 30,
        maxFieldsSize: MAX_FIELDS_BYTES,
        // A form without a chosen file still sends an empty part; that means "no file", handled below.
        allowEmptyFiles: true,
        minFileSize: 0,
        // Owner-only (formidable's own stream leaves the mode to the umask: 0644 on most hosts).
        fileWriteStreamHandler: (file) => createWriteStream((file as unknown as { filepath: string; }).filepath, { mode: PRIVATE_FILE_MODE }),
      },
    });
  return async function upload(ctx, next) {
    if (!ctx.is('multipart')) return next();
    // Refuse an announced oversize body before reading a byte of it.
    const announced = Number(ctx.get('Content-Length') || 0);
    if (announced > spec.maxBytes + MAX_FIELDS_BYTES + FRAMING_BYTES) {
      answerBeforeBody(ctx);
      throw tooLarge(spec);
    }
    // One directory per request, removed as a whole at the end: formidable does not clean up every
    // file on every error path (e.g. the part that exceeds maxFiles), so we do not rely on it.
    await privateDir(spec.tempDir);
    const dir = await mkdtemp(path.join(spec.tempDir, 'req-')); // 0700, as mkdtemp makes them
    try {
      try {
        // koa-body's parser calls next() itself; we only want the parsing, so give it a no-op.
        await parserFor(dir)(ctx, async () => {});
      } catch (err) {
        throw formidableToHttp(err, spec);
      }
      const unexpected = Object.keys(ctx.request.files ?? {}).find((name) => name !== spec.field);
      if (unexpected) throw badRequest(API_MSG.uploadUnexpectedFile, { errors: { [unexpected]: API_MSG.uploadUnexpectedFile } });
      const file = filesOf(ctx).find((f) => f.size > 0 || f.originalFilename);
      ctx.state.upload = file ? ({ path: file.filepath, size: file.size, originalName: file.originalFilename ?? '' } satisfies UploadedFile) : undefined;
      await next();
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  };
}

/** The file of this request (after multipartUpload), if one was sent. */
export function uploadedFile(ctx: Context): UploadedFile | undefined {
  return ctx.state.upload as UploadedFile | undefined;
}

/** Streams a stored file to the client with its type, an ETag and a cache policy; 404 when missing. */
export async function sendStoredFile(ctx: Context, files: FileStore, bucket: string, name: string, cacheControl: string): Promise<void> {
  const found = await files.find(bucket, name);
  if (!found) throw new HttpError(404, API_MSG.imageNotFound);
  ctx.status = 200; // koa's ctx.fresh only compares validators on a 2xx answer
  ctx.set('Cache-Control', cacheControl);
  // Stored names are unique per upload, so the GridFS id is a strong validator.
  ctx.etag = found.id;
  ctx.type = found.contentType;
  ctx.length = found.length;
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = ctx.method === 'HEAD' ? null : await files.contents(bucket, found);
}
