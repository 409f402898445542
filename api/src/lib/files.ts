// Files live in MongoDB GridFS so several API instances share them; they are streamed, never held whole.
import mongoose from 'mongoose';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CACHEABLE_BYTES, FileCache, readWhole } from './file-cache';

export interface StoredFile {
  id: string;
  filename: string;
  contentType: string;
  length: number;
}

export interface FileStore {
  /** Streams `source` into the bucket under `filename`. */
  save(bucket: string, filename: string, source: Readable, contentType: string, metadata?: Record<string, unknown>): Promise<StoredFile>;
  find(bucket: string, filename: string): Promise<StoredFile | null>;
  open(bucket: string, filename: string): Readable;
  /** A found file's bytes: whole from the cache of recently served small files, else streamed (file-cache.ts). */
  contents(bucket: string, file: StoredFile): Promise<Buffer | Readable>;
  remove(bucket: string, filename: string): Promise<void>;
}

export function createFileStore(connection: mongoose.Connection, cache = new FileCache()): FileStore {
  const buckets = new Map<string, mongoose.mongo.GridFSBucket>();
  const bucketOf = (name: string) => {
    let b = buckets.get(name);
    if (!b) {
      b = new mongoose.mongo.GridFSBucket(connection.db!, { bucketName: name });
      buckets.set(name, b);
    }
    return b;
  };
  return {
    async save(bucket, filename, source, contentType, metadata) {
      const upload = bucketOf(bucket).openUploadStream(filename, { metadata: { contentType, ...metadata } });
      await pipeline(source, upload);
      return { id: String(upload.id), filename, contentType, length: upload.length };
    },
    async find(bucket, filename) {
      const [f] = await bucketOf(bucket).find({ filename }).sort({ uploadDate: -1 }).limit(1).toArray();
      if (!f) return null;
      return { id: String(f._id), filename: f.filename, contentType: String(f.metadata?.contentType ?? 'application/octet-stream'), length: f.length };
    },
    open(bucket, filename) {
      return bucketOf(bucket).openDownloadStreamByName(filename);
    },
    async contents(bucket, file) {
      const cached = cache.get(file.id);
      if (cached) return cached;
      const stream = bucketOf(bucket).openDownloadStream(new mongoose.Types.ObjectId(file.id));
      if (file.length > CACHEABLE_BYTES) return stream;
      const whole = await readWhole(stream);
      cache.set(file.id, whole);
      return whole;
    },
    async remove(bucket, filename) {
      const files = await bucketOf(bucket).find({ filename }).toArray();
      for (const f of files) await bucketOf(bucket).delete(f._id);
    },
  };
}
