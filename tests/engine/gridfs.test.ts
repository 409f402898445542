// GridFS through mongoose.mongo.GridFSBucket: 255 KiB chunks, a unique {files_id, n} index, reads
// sorted by n, and replies kept under the 16 MiB limit.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTarget, type TestTarget } from './helpers';

let t: TestTarget;
beforeAll(async () => {
  t = await openTarget('gridfs');
});
afterAll(async () => t.close());

describe('GridFS', () => {
  it('round-trips a 20 MB file byte for byte', async () => {
    const bucket = new mongoose.mongo.GridFSBucket(t.db, { bucketName: 'uploads' });
    const data = crypto.randomBytes(20 * 1024 * 1024);
    const upload = bucket.openUploadStream('big.bin', { metadata: { owner: 'test' } });
    await pipeline(Readable.from([data.subarray(0, 7_000_000), data.subarray(7_000_000)]), upload);
    const id = upload.id;

    const files = await bucket.find({ filename: 'big.bin' }).toArray();
    expect(files).toHaveLength(1);
    expect(files[0].length).toBe(data.length);
    expect(await t.db.collection('uploads.chunks').countDocuments({ files_id: id })).toBe(Math.ceil(data.length / (255 * 1024)));
    const idx = await t.db.collection('uploads.chunks').indexes();
    expect(idx.some((i) => i.unique && i.key.files_id === 1 && i.key.n === 1)).toBe(true);

    const parts: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(id)) parts.push(chunk as Buffer);
    const back = Buffer.concat(parts);
    expect(back.length).toBe(data.length);
    expect(back.equals(data)).toBe(true);

    // A ranged read starts inside a chunk.
    const ranged: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(id, { start: 300_000, end: 300_010 })) ranged.push(chunk as Buffer);
    expect(Buffer.concat(ranged).equals(data.subarray(300_000, 300_010))).toBe(true);

    await bucket.delete(id);
    expect(await t.db.collection('uploads.chunks').countDocuments({ files_id: id })).toBe(0);
  });
});
