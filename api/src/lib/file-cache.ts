// Recently served small files, whole, in a bounded LRU. A stored file never changes (a new upload is a
// new GridFS file with a new id), so a copy keyed by id is never stale and several API instances can
// each keep their own. Streaming a 2 MB image out of GridFS costs eight chunk round trips to the
// database per request; from here it is one buffer write.
import type { Readable } from 'node:stream';

/** Files up to this size are kept whole; larger ones are always streamed. */
export const CACHEABLE_BYTES = 4 << 20;
const DEFAULT_CAPACITY_BYTES = 64 << 20;

export class FileCache {
  private entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly capacity = DEFAULT_CAPACITY_BYTES) {}

  get(id: string): Buffer | undefined {
    const b = this.entries.get(id);
    if (b) {
      this.entries.delete(id); // most recently used goes last
      this.entries.set(id, b);
    }
    return b;
  }

  set(id: string, b: Buffer): void {
    if (b.length > CACHEABLE_BYTES || b.length > this.capacity || this.entries.has(id)) return;
    this.entries.set(id, b);
    this.bytes += b.length;
    for (const [old, ob] of this.entries) {
      if (this.bytes <= this.capacity) break;
      this.entries.delete(old);
      this.bytes -= ob.length;
    }
  }

  get size(): number {
    return this.bytes;
  }
}

/** Reads a stream to its end into one buffer (for a file known to be small). */
export async function readWhole(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}
