// Uploaded files once they are on disk: their real type from their first bytes, a unique stored name,
// and the stream into the file store. Parsing the multipart body is http/uploads.ts.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { FileStore, StoredFile } from './files';

const MB = 1024 * 1024;

export interface UploadedFile {
  /** Temp file on disk; removed when the request ends. */
  path: string;
  size: number;
  originalName: string;
}

export interface SniffedType {
  ext: string;
  mime: string;
}

/** The temp dir for uploads of this instance. */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'uploads-tmp');

/** "10", "0.05": the limit as people read it. */
export const megabytes = (bytes: number) => String(Number((bytes / MB).toFixed(2)));

/** The real type of the file from its first bytes, when it is one of `allowed` (mime types); else null. */
export async function sniff(file: UploadedFile, allowed: readonly string[]): Promise<SniffedType | null> {
  const type = await fileTypeFromFile(file.path);
  return type && allowed.includes(type.mime) ? { ext: type.ext, mime: type.mime } : null;
}

/** A unique, unguessable stored name such as `3f9c…e1.png`. */
export function uniqueName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

/** Streams the temp file into GridFS. */
export function storeUpload(
  files: FileStore,
  bucket: string,
  name: string,
  file: UploadedFile,
  contentType: string,
  metadata?: Record<string, unknown>,
): Promise<StoredFile> {
  return files.save(bucket, name, createReadStream(file.path), contentType, metadata);
}
