// Recently used documents, decoded. Stored documents are BSON bytes (collection.ts); a query that
// touches the same documents again (a page, then its count; an update after its find) finds them here
// instead of decoding them once more. Bounded by count, least recently used first out: memory stays
// proportional to the working set, not to the data.
import { deserialize } from 'bson';
import { type Doc, toView } from './values.js';

/** As the wire protocol decodes: exact BSON number types kept (see values.ts). */
export const DECODE = { promoteValues: false, promoteBuffers: false } as const;
/** ~4 KB of heap per decoded booking with its view: about 40 MB at most. */
const CAPACITY = Number(process.env.ENGINE_DECODED_CACHE) > 0 ? Number(process.env.ENGINE_DECODED_CACHE) : 10_000;

interface Decoded {
  raw: Doc;
  view?: Doc;
}

// Keyed by the bytes (one buffer per stored version): a write makes new bytes, so nothing here is
// ever stale, and an entry that is gone simply ages out.
const cache = new Map<Uint8Array, Decoded>();

export function decoded(bytes: Uint8Array): Decoded {
  let d = cache.get(bytes);
  if (d) {
    cache.delete(bytes); // most recently used goes last
  } else {
    d = { raw: deserialize(bytes, DECODE) as Doc };
    if (cache.size >= CAPACITY) cache.delete(cache.keys().next().value!);
  }
  cache.set(bytes, d);
  return d;
}

/** The view (numbers unwrapped for mingo) of a stored document, cached beside its raw form. */
export function decodedView(bytes: Uint8Array): Doc {
  const d = decoded(bytes);
  return (d.view ??= toView(d.raw) as Doc);
}
