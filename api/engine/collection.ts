// One collection: documents by id key, plus its indexes kept in step on every write.
import { Index, type IndexSpec } from './indexes.js';
import { fail } from './errors.js';
import { type Doc, keyOf, newObjectId, toView } from './values.js';

export interface Entry {
  id: string;
  raw: Doc;
  view: Doc;
}

/** Receives every change so it can be journaled (a no-op while replaying the journal). */
export type ChangeSink = (record: Doc) => void;

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Collection {
  readonly docs = new Map<string, Entry>();
  readonly indexes = new Map<string, Index>();
  /** Insertion order counter: a scan returns documents in natural (insertion) order. */
  constructor(
    readonly db: string,
    readonly name: string,
    private sink: ChangeSink,
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  /** Puts `_id` first (as mongod does) and generates an ObjectId when it is missing. */
  static withId(raw: Doc): Doc {
    if ('_id' in raw && Object.keys(raw)[0] === '_id') return raw;
    const id = '_id' in raw ? raw._id : newObjectId();
    const out: Doc = { _id: id };
    for (const k of Object.keys(raw)) if (k !== '_id') out[k] = raw[k];
    return out;
  }

  insert(input: Doc): Entry {
    const raw = Collection.withId(input);
    if (Array.isArray(raw._id)) fail('BadValue', 'can\'t use an array for _id');
    const id = keyOf(raw._id);
    const view = toView(raw) as Doc;
    if (this.docs.has(id)) this.duplicateId(raw);
    const keys = this.indexKeys(raw, view);
    for (const [ix, ks] of keys) ix.checkUnique(ks, id, raw);
    const entry = { id, raw, view };
    this.docs.set(id, entry);
    for (const [ix, ks] of keys) ix.add(ks, id);
    this.sink({ o: 'put', ns: this.ns, d: raw });
    return entry;
  }

  /** Swaps in a new version of a document (same _id), re-checking unique indexes first. */
  replace(entry: Entry, raw: Doc): Entry {
    const view = toView(raw) as Doc;
    const before = this.indexKeys(entry.raw, entry.view);
    const after = this.indexKeys(raw, view);
    for (const [ix, ks] of after) ix.checkUnique(ks, entry.id, raw);
    for (const [ix, ks] of before) ix.remove(ks, entry.id);
    for (const [ix, ks] of after) ix.add(ks, entry.id);
    const next = { id: entry.id, raw, view };
    this.docs.set(entry.id, next);
    this.sink({ o: 'put', ns: this.ns, d: raw });
    return next;
  }

  remove(entry: Entry): void {
    if (!this.docs.has(entry.id)) return;
    for (const [ix, ks] of this.indexKeys(entry.raw, entry.view)) ix.remove(ks, entry.id);
    this.docs.delete(entry.id);
    this.sink({ o: 'del', ns: this.ns, id: entry.raw._id });
  }

  /** Replay path: insert-or-replace without re-journaling. */
  put(raw: Doc): void {
    const existing = this.docs.get(keyOf(raw._id));
    if (existing) this.replace(existing, raw);
    else this.insert(raw);
  }

  removeById(idValue: unknown): void {
    const e = this.docs.get(keyOf(idValue));
    if (e) this.remove(e);
  }

  createIndex(spec: IndexSpec): boolean {
    const existing = this.indexes.get(spec.name);
    if (existing) {
      if (JSON.stringify(toView(existing.spec.key)) !== JSON.stringify(toView(spec.key)))
        fail('IndexKeySpecsConflict', `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(toView(spec))}`);
      return false;
    }
    for (const ix of this.indexes.values()) {
      if (JSON.stringify(toView(ix.spec.key)) === JSON.stringify(toView(spec.key)) && !!ix.spec.unique === !!spec.unique) return false;
    }
    const ix = new Index(spec, this.ns);
    for (const e of this.docs.values()) {
      const ks = ix.keysOf(e.raw, e.view);
      try {
        ix.checkUnique(ks, e.id, e.raw);
      } catch (err) {
        ix.clear();
        throw err;
      }
      ix.add(ks, e.id);
    }
    this.indexes.set(spec.name, ix);
    this.sink({ o: 'ix', ns: this.ns, spec });
    return true;
  }

  dropIndex(name: string): void {
    if (name === '_id_') fail('InvalidOptions', 'cannot drop _id index');
    if (!this.indexes.delete(name)) fail('IndexNotFound', `index not found with name [${name}]`);
    this.sink({ o: 'dix', ns: this.ns, name });
  }

  specs(): IndexSpec[] {
    return [ID_INDEX, ...[...this.indexes.values()].map((i) => i.spec)];
  }

  private indexKeys(raw: Doc, view: Doc): [Index, string[]][] {
    const out: [Index, string[]][] = [];
    for (const ix of this.indexes.values()) out.push([ix, ix.keysOf(raw, view)]);
    return out;
  }

  private duplicateId(raw: Doc): never {
    return new Index({ key: { _id: 1 }, name: '_id_', unique: true }, this.ns).duplicate(raw);
  }
}
