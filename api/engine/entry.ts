// One stored document, as the collection keeps it (collection.ts).
import { calculateObjectSize, serialize } from 'bson';
import type { BlobRef, BlobStore } from './blobs.js';
import { decoded, decodedView } from './decoded.js';
import { type Doc, toView } from './values.js';

/** A stored document. Small documents are kept as their BSON bytes (a few hundred bytes each, where
 * the decoded object graph with its Int32/ObjectId wrappers took ~4 KB of heap) and decoded on use
 * through a bounded cache of recently used ones (`decoded.ts`). A large document lives in a blob
 * segment: the entry keeps its stub (small fields, for index keys) and reads the rest when asked.
 * A probe (an entry built to compute index keys, never stored) holds its object as it is. */
export class Entry {
  constructor(
    readonly id: string,
    private readonly body: Doc | Uint8Array | undefined,
    readonly blob?: { ref: BlobRef; stub: Doc; store: BlobStore; },
  ) {}

  /** A stored entry: the document's bytes, not its object graph. */
  static packed(id: string, raw: Doc): Entry {
    return new Entry(id, serialize(raw));
  }

  get raw(): Doc {
    const b = this.body;
    if (b === undefined) return this.blob!.store.read(this.blob!.ref);
    return b instanceof Uint8Array ? decoded(b).raw : b;
  }

  get view(): Doc {
    const b = this.body;
    if (b instanceof Uint8Array) return decodedView(b);
    return toView(this.raw) as Doc;
  }

  /** The fields index keys are made of (the stub of a large document). */
  get keyDoc(): Doc {
    return this.body === undefined ? this.blob!.stub : this.raw;
  }

  /** BSON size, without reading a large document back. */
  get bsonSize(): number {
    const b = this.body;
    if (b === undefined) return this.blob!.ref.l - 8;
    return b instanceof Uint8Array ? b.length : calculateObjectSize(b);
  }

  /** The stored bytes of a small document (compaction writes them as they are). */
  get bytes(): Uint8Array | undefined {
    return this.body instanceof Uint8Array ? this.body : undefined;
  }
}
