// One collection: documents by id key, plus its indexes kept in step on every write.
import { deserialize } from 'bson';
import { type BlobRef, type BlobStore, LARGE_FIELDS_BYTES, stubOf } from './blobs.js';
import type { IndexSpec } from './index-spec.js';
import { Index } from './indexes.js';
import { DECODE } from './decoded.js';
import { Entry } from './entry.js';
import { fail } from './errors.js';
import { checkIdForStorage, withId } from './id-field.js';
import { buildIndex, fillIdIndex, fillIndexes, indexedAlready, keyFieldNames } from './index-build.js';
import { docsRecord, type JournalRecord } from './journal.js';
import { pluck } from './pluck.js';
import { runSync, type Steps } from './slices.js';
import { type Doc, keyOf } from './values.js';

/** Receives every change so it can be journaled (a no-op while replaying the journal). */
export type ChangeSink = (record: JournalRecord) => void;

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Collection {
  readonly docs = new Map<string, Entry>();
  readonly indexes = new Map<string, Index>();
  private _idIndex?: Index;
  /** Changes with every write: a long command paused between slices knows whether to re-check. */
  version = 0;
  /** Set when the collection is dropped (a paused command on it then stops). */
  gone = false;
  /** Insertion order counter: a scan returns documents in natural (insertion) order. */
  constructor(
    readonly db: string,
    readonly name: string,
    private sink: ChangeSink,
    private blobs?: BlobStore,
  ) {}

  /** An entry for a document: large ones are written to a blob segment and kept as a stub. */
  private entryFor(id: string, raw: Doc): Entry {
    const stub = this.blobs ? stubOf(raw) : undefined;
    if (!stub) return Entry.packed(id, raw);
    const ref = this.blobs!.put(raw);
    this.blobs!.ref(ref);
    return new Entry(id, undefined, { ref, stub, store: this.blobs! });
  }

  private changed(e: Entry): void {
    this.version++;
    if (e.blob) this.sink({ o: 'pref', ns: this.ns, s: e.blob.stub, r: e.blob.ref });
    else this.sink(docsRecord(this.ns, [e.bytes!]));
  }

  private dropped(e: Entry): void {
    if (e.blob) this.blobs!.unref(e.blob.ref);
  }

  /** The collection is being dropped: its large documents no longer hold their blob segments. */
  release(): void {
    this.gone = true;
    for (const e of this.docs.values()) this.dropped(e);
  }

  /** Replay of a large document's record: the bytes are already in their segment. */
  putRef(stub: Doc, ref: BlobRef): void {
    const id = keyOf(stub._id);
    const entry = new Entry(id, undefined, { ref, stub, store: this.blobs! });
    this.blobs!.ref(ref);
    const existing = this.docs.get(id);
    if (existing) this.swap(existing, entry);
    else {
      this.docs.set(id, entry);
      for (const [ix, ks] of this.indexKeys(entry)) ix.add(ks, id);
      this._idIndex?.add(this._idIndex.keysOf(entry), id);
    }
  }

  private swap(existing: Entry, next: Entry): void {
    for (const [ix, ks] of this.indexKeys(existing)) ix.remove(ks, existing.id);
    for (const [ix, ks] of this.indexKeys(next)) ix.add(ks, existing.id);
    this.docs.set(existing.id, next);
    this.dropped(existing);
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  /**
   * The ordered _id index, built the first time a range or sort on _id needs it (lookups use `docs`):
   * a command waits for it in slices (`ready`); anything else reading it finishes the fill at once.
   */
  get idIndex(): Index {
    if (!this._idIndex) this.startIdIndex();
    return this._idIndex!;
  }

  /** The _id index's fill while under way. */
  private idPass?: Steps<void>;

  /** Starts filling the _id index in slices; writes keep it in step from now on. */
  private startIdIndex(): void {
    const ix = new Index(ID_INDEX, this.ns);
    this._idIndex = ix; // writes keep it in step from now on; the walk meets documents added meanwhile
    const pass = (function*(c: Collection): Steps<void> {
      if (!(yield* fillIdIndex(c, ix))) return;
      if (c._idIndex === ix) c.idPass = undefined;
    })(this);
    this.idPass = pass;
    ix.startFill(() => runSync(pass));
  }

  insert(input: Doc, trusted = false, knownId?: string): Entry {
    const raw = withId(input);
    if (Array.isArray(raw._id)) fail('BadValue', "can't use an array for _id");
    if (!trusted) checkIdForStorage(raw);
    const id = knownId ?? keyOf(raw._id);
    if (this.docs.has(id)) this.duplicateId(raw);
    const probe = new Entry(id, raw);
    const keys = this.indexKeys(probe);
    // Journal replay re-applies documents that were checked when first written.
    if (!trusted) { for (const [ix, ks] of keys) ix.checkUnique(ks, id, raw); }
    const entry = this.entryFor(id, raw);
    this.docs.set(id, entry);
    for (const [ix, ks] of keys) ix.add(ks, id);
    this._idIndex?.add(this._idIndex.keysOf(entry), id);
    this.changed(entry);
    return entry;
  }

  /** Swaps in a new version of a document (same _id), re-checking unique indexes first. */
  replace(entry: Entry, raw: Doc, trusted = false): Entry {
    const current = this.docs.get(entry.id) ?? entry;
    const probe = new Entry(entry.id, raw);
    const before = this.indexKeys(current);
    const after = this.indexKeys(probe);
    if (!trusted) { for (const [ix, ks] of after) ix.checkUnique(ks, entry.id, raw); }
    const next = this.entryFor(entry.id, raw);
    for (const [ix, ks] of before) ix.remove(ks, entry.id);
    for (const [ix, ks] of after) ix.add(ks, entry.id);
    this.docs.set(entry.id, next);
    this.dropped(current);
    this.changed(next);
    return next;
  }

  remove(entry: Entry): void {
    const current = this.docs.get(entry.id); // the caller's copy may be an older version
    if (!current) return;
    for (const [ix, ks] of this.indexKeys(current)) ix.remove(ks, entry.id);
    this._idIndex?.remove(this._idIndex.keysOf(current), entry.id);
    this.docs.delete(entry.id);
    this.dropped(current);
    this.version++;
    this.sink({ o: 'del', ns: this.ns, id: current.keyDoc._id });
  }

  /** Replay path: a document read back as its bytes (a snapshot or journal `docs` record). */
  putBytes(view: Uint8Array): void {
    // The bytes are a view into the reader's buffer, which is reused: keep a copy of their own.
    const bytes = Buffer.from(view);
    // Only the fields index keys are made of are decoded (start-up reads every document once).
    const fields = bytes.length < LARGE_FIELDS_BYTES ? this.keyFields() : undefined;
    const raw = fields ? pluck(bytes, fields) : (deserialize(bytes, DECODE) as Doc);
    const id = keyOf(raw._id);
    const existing = this.docs.get(id);
    const stub = this.blobs && !fields ? stubOf(raw) : undefined;
    if (stub || (existing && existing.blob)) {
      this.put(fields ? (deserialize(bytes, DECODE) as Doc) : raw);
      return;
    }
    const entry = new Entry(id, bytes);
    const probe = new Entry(id, raw);
    const keys = this.indexKeys(probe);
    if (existing) {
      for (const [ix, ks] of this.indexKeys(existing)) ix.remove(ks, id);
      this._idIndex?.remove(this._idIndex.keysOf(existing), id);
    }
    this.docs.set(id, entry);
    for (const [ix, ks] of keys) ix.add(ks, id);
    this._idIndex?.add(this._idIndex.keysOf(probe), id);
    this.version++;
  }

  private _keyFields?: Uint8Array[] | null;

  /** The top-level fields every index key is made of (null when a partial index needs whole documents). */
  private keyFields(): Uint8Array[] | undefined {
    if (this._keyFields === undefined) {
      const specs = [...this.indexes.values()].filter((ix) => !ix.deferred).map((ix) => ix.spec);
      this._keyFields = specs.some((sp) => sp.partialFilterExpression) ? null : keyFieldNames(specs.flatMap((sp) => Object.keys(sp.key)));
    }
    return this._keyFields ?? undefined;
  }

  /** Replay path: insert-or-replace of an already-validated document. */
  put(raw: Doc): void {
    const id = keyOf(raw._id);
    const existing = this.docs.get(id);
    if (existing) this.replace(existing, raw, true);
    else this.insert(raw, true, id);
  }

  removeById(idValue: unknown): void {
    const e = this.docs.get(keyOf(idValue));
    if (e) this.remove(e);
  }

  /** `trusted` (journal replay): the index was checked when first built, so uniqueness is not re-checked. */
  createIndex(spec: IndexSpec, trusted = false): boolean {
    if (indexedAlready(this.indexes, spec)) return false;
    const ix = new Index(spec, this.ns);
    if (this.deferIndexes && trusted && (this.deferAll || (!spec.unique && !spec.partialFilterExpression))) {
      // Start-up: filled from the final documents once the replay is done (startDeferredIndexes), or
      // (deferAll) taken from the index key file a clean close wrote (keyfile.ts).
      ix.deferred = true;
    } else buildIndex(ix, spec, this.docs, trusted);
    this.indexes.set(spec.name, ix);
    this._keyFields = undefined;
    this.sink({ o: 'ix', ns: this.ns, spec });
    return true;
  }

  dropIndex(name: string): void {
    if (name === '_id_') fail('InvalidOptions', 'cannot drop _id index');
    if (!this.indexes.delete(name)) fail('IndexNotFound', `index not found with name [${name}]`);
    this._keyFields = undefined;
    this.sink({ o: 'dix', ns: this.ns, name });
  }

  specs(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((i) => i.spec)];
  }

  private indexKeys(e: Entry): [Index, string[]][] {
    const out: [Index, string[]][] = [];
    for (const ix of this.indexes.values()) if (!ix.deferred) out.push([ix, ix.keysOf(e)]);
    return out;
  }

  /** Set by the store while it replays: non-unique indexes are then filled after, in the background. */
  deferIndexes = false;
  /** Set with deferIndexes when an index key file is to be read after the replay: every index waits. */
  deferAll = false;

  /** The pass filling the indexes start-up left empty, while it is under way. */
  private pass?: Steps<void>;

  /** Replay done: the indexes left empty start filling from the documents as they are now. */
  startDeferredIndexes(): void {
    this.deferIndexes = false;
    this.deferAll = false;
    this._keyFields = undefined;
    const ixs = [...this.indexes.values()].filter((ix) => ix.deferred);
    if (!ixs.length) return;
    this.pass = this.fill(ixs);
    // A read of any of them finishes the whole pass at once (one pass fills them all).
    for (const ix of ixs) ix.startFill(() => this.pass && runSync(this.pass));
  }

  /** Whether a command would find one of the indexes (the ordered _id one if it needs it) still filling, or unsorted. */
  unready(needId = false): boolean {
    if (this.pass || (needId && !this._idIndex?.ordered)) return true;
    for (const ix of this.indexes.values()) if (!ix.ordered) return true;
    return false;
  }

  /**
   * Steps a command runs before it starts when the collection is `unready`: finishes the fill and the
   * sorts in slices, so it waits without holding the thread (a read of an unfinished index would do
   * the rest at once, seconds at 100 000 documents). Driving the same steps as the background pass,
   * it makes the collections commands wait on be ready first.
   */
  *ready(needId = false): Steps<void> {
    if (this.pass) yield* this.pass;
    for (const ix of [...this.indexes.values()]) if (this.indexes.get(ix.name) === ix) yield* ix.prepare();
    if (!needId) return;
    const id = this.idIndex;
    if (this.idPass) yield* this.idPass;
    yield* id.prepare();
  }

  /** The pass, in the background (the store drives it in slices after start-up). */
  *fillDeferred(): Steps<void> {
    if (this.pass) yield* this.pass;
  }

  /** The pass over the documents filling `ixs` (index-fill.ts); done, it is no longer under way. */
  private *fill(ixs: Index[]): Steps<void> {
    if (yield* fillIndexes(this, ixs)) this.pass = undefined;
  }

  private duplicateId(raw: Doc): never {
    return new Index({ key: { _id: 1 }, name: '_id_', unique: true }, this.ns).duplicate(raw);
  }
}
