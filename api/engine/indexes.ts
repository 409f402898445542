// Ordered indexes: every declared index (and _id) maps an order-preserving key string (keys.ts) to
// document ids. A hash map answers unique checks and exact keys in O(1); a sorted list of the distinct
// keys, built when an index first needs order, answers ranges, prefixes and sort order.
import type { Query } from 'mingo';
import { mingoQuery } from './mingo-query.js';
import { duplicateKey, type IndexSpec } from './index-spec.js';
import { encodeValue, SEP } from './keys.js';
import { due, type Steps } from './slices.js';
import { SortedStrings } from './sorted.js';
import { type Doc, getPath, toView } from './values.js';

const MAX_KEYS_PER_DOC = 1000;

export class Index {
  readonly fields: string[];
  /** key string → document id key, or a Set of them when several documents share the key. */
  private map = new Map<string, string | Set<string>>();
  private sorted?: SortedStrings;
  /** While the sorted list is built in the background: the key changes made meanwhile, in order. */
  private building?: { log: [boolean, string][]; };
  private partial?: Query;
  /** Per field: whether some document held an array there (its keys then come one per element). */
  private readonly _multikey: boolean[];
  /**
   * Start-up leaves a non-unique index empty while it replays (`deferred`: writes leave it alone), then
   * its collection fills it from the documents in the background, in one pass for all its indexes; a
   * write meanwhile keeps it in step, and anything that reads it before that pass is done finishes the
   * pass at once (`settle`), so no answer sees it half built.
   */
  deferred = false;
  /** While filling: finishes the collection's fill at once (given by the collection). */
  private fillAlone?: () => void;

  constructor(
    readonly spec: IndexSpec,
    private ns: string,
  ) {
    this.fields = Object.keys(spec.key);
    this._multikey = this.fields.map(() => false);
    if (spec.partialFilterExpression) this.partial = mingoQuery(toView(spec.partialFilterExpression) as Doc);
  }

  get multikey(): boolean[] {
    this.settle();
    return this._multikey;
  }

  /** The replay is over: the collection's background pass fills the index from now on. */
  startFill(fillAlone: () => void): void {
    this.deferred = false;
    this.fillAlone = fillAlone;
  }

  /** The collection's background pass has given the index every document's keys. */
  filled(): void {
    this.fillAlone = undefined;
  }

  /** Finishes a fill now (adding a key a document already has changes nothing): before any read. */
  private settle(): void {
    const fill = this.fillAlone;
    if (!fill) return;
    this.fillAlone = undefined;
    fill();
  }

  /** Whether the index is still being filled after start-up. */
  get filling(): boolean {
    return this.fillAlone !== undefined || this.deferred;
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** Whether an equality lookup through this index sees every matching document. */
  get complete(): boolean {
    return !this.spec.sparse && !this.partial;
  }

  /** Index keys of a raw document (several when an indexed field holds an array). */
  keysOf(e: { keyDoc: Doc; view: Doc; }): string[] {
    const raw = e.keyDoc;
    if (this.partial && !this.partial.test(e.view)) return [];
    const perField = this.fields.map((f) => (f.includes('.') ? getPath(raw, f) : raw[f]));
    if (this.spec.sparse && perField.every((v) => v === undefined)) return [];
    if (!perField.some((v) => Array.isArray(v) && v.length > 0)) {
      // One key (no array among the values): the usual case, joined in one go.
      const parts: string[] = [];
      for (const v of perField) parts.push(encodeValue(v), SEP);
      return [parts.join('')];
    }
    // Each key is built as a list of parts and joined once: join() makes one flat string, where `+`
    // would keep a tree of concatenations (and every part) alive in the index for as long as the key.
    let keys: string[][] = [[]];
    for (let i = 0; i < perField.length; i++) {
      const v = perField[i];
      const multi = Array.isArray(v) && v.length > 0;
      if (multi) this._multikey[i] = true;
      const parts = multi ? [...new Set(v.map(encodeValue))] : [encodeValue(v)];
      const next: string[][] = [];
      for (const k of keys) for (const p of parts) next.push([...k, p, SEP]);
      keys = next.slice(0, MAX_KEYS_PER_DOC);
    }
    return keys.map((k) => k.join(''));
  }

  /** Throws E11000 if any key already belongs to another document. */
  checkUnique(keys: string[], id: string, raw: Doc): void {
    if (!this.unique) return;
    this.settle();
    for (const k of keys) {
      const owners = this.map.get(k);
      if (owners !== undefined && owners !== id && (typeof owners === 'string' || owners.size > 1 || !owners.has(id))) this.duplicate(raw);
    }
  }

  duplicate(raw: Doc): never {
    return duplicateKey(this.spec, this.ns, raw);
  }

  /** A key's documents, unsettled (the sorted list's weights: a range's documents counted by blocks). */
  private readonly weightOf = (k: string): number => {
    const cur = this.map.get(k);
    return cur === undefined ? 0 : typeof cur === 'string' ? 1 : cur.size;
  };

  add(keys: string[], id: string): void {
    for (const k of keys) {
      const cur = this.map.get(k);
      if (cur === undefined) {
        this.map.set(k, id);
        this.sorted?.add(k);
        this.building?.log.push([true, k]);
      } else if (typeof cur === 'string') {
        if (cur !== id) {
          this.map.set(k, new Set([cur, id]));
          this.sorted?.bump(k, 1);
        }
      } else if (!cur.has(id)) {
        cur.add(id);
        this.sorted?.bump(k, 1);
      }
    }
  }

  remove(keys: string[], id: string): void {
    for (const k of keys) {
      const cur = this.map.get(k);
      if (cur === undefined) continue;
      if (typeof cur === 'string') {
        if (cur === id) {
          this.map.delete(k);
          this.sorted?.delete(k);
          this.building?.log.push([false, k]);
        }
      } else if (cur.delete(id)) {
        this.sorted?.bump(k, -1);
        if (cur.size === 1) this.map.set(k, cur.values().next().value as string);
      }
    }
  }

  lookup(key: string): Iterable<string> {
    this.settle();
    const cur = this.map.get(key);
    return cur === undefined ? [] : typeof cur === 'string' ? [cur] : cur;
  }

  /** Whether the document `id` holds exactly this key (a point lookup). */
  holds(key: string, id: string): boolean {
    this.settle();
    const cur = this.map.get(key);
    return typeof cur === 'string' ? cur === id : cur !== undefined && cur.has(id);
  }

  /** How many documents hold exactly this key. */
  countOf(key: string): number {
    this.settle();
    const cur = this.map.get(key);
    return cur === undefined ? 0 : typeof cur === 'string' ? 1 : cur.size;
  }

  /** Distinct keys k with lo <= k < hi in key order (reversed when asked). */
  keys(lo: string, hi: string, reverse = false): Iterable<string> {
    this.settle();
    if (!this.sorted) {
      this.sorted = SortedStrings.from(this.map.keys(), this.weightOf);
      this.building = undefined; // a background build still running is of no use now
      this.preparing = undefined;
    }
    return this.sorted.range(lo, hi, reverse);
  }

  /** How many documents hold a key in [lo, hi) (a document with several keys there counts for each). */
  docsIn(lo: string, hi: string): number {
    this.settle();
    if (!this.sorted) this.keys(lo, hi);
    return this.sorted!.weightIn(lo, hi);
  }

  /** How many distinct keys lie in [lo, hi). */
  keyCount(lo: string, hi: string): number {
    this.settle();
    if (!this.sorted) this.keys(lo, hi);
    return this.sorted!.countRange(lo, hi);
  }

  /**
   * Builds the sorted key list in steps that pause between slices (after start-up, in the background),
   * so the first query that needs key order does not hold every connection while all keys are sorted.
   * Keys added or deleted meanwhile are applied to the result in order.
   */
  *prepare(): Steps<void> {
    this.settle();
    if (this.sorted) return;
    // One build, shared: the background pass and a command waiting for this index both drive it.
    if (!this.preparing) this.preparing = this.build();
    const p = this.preparing;
    yield* p;
    if (this.preparing === p) this.preparing = undefined;
  }

  /** The build `prepare` shares (at most one at a time). */
  private preparing?: Steps<void>;

  /** Whether the sorted key list is there (a command then needs no wait for it). */
  get ordered(): boolean {
    return this.sorted !== undefined && !this.filling;
  }

  private *build(): Steps<void> {
    const b: { log: [boolean, string][]; } = { log: [] };
    this.building = b;
    const keys: string[] = [];
    for (const k of this.map.keys()) {
      keys.push(k);
      if (due()) yield;
    }
    // Weights changed during the build reach no block total: every total is summed when first needed.
    const sorted = yield* SortedStrings.fromSteps(keys, this.weightOf);
    if (this.building !== b) return; // built at once meanwhile, or cleared
    for (const [added, k] of b.log) {
      if (added) sorted.add(k);
      else sorted.delete(k);
    }
    this.sorted = sorted;
    this.building = undefined;
  }

  /** The per-field multikey flags as they are (no fill finished first: keyfile.ts skips a filling index). */
  get multikeyNow(): boolean[] {
    return this._multikey;
  }

  /** Every key in order with its owners (keyfile.ts writes them at a clean close). */
  entries(): [string[], (string | Set<string>)[]] {
    const keys = this.sorted ? this.sorted.all() : [...this.map.keys()].sort();
    return [keys, keys.map((k) => this.map.get(k)!)];
  }

  /** Start-up: the keys (in order) and owners a clean close wrote, instead of a fill and a sort. */
  restore(keys: string[], owners: (string | Set<string>)[], multikey: boolean[]): void {
    const map = new Map<string, string | Set<string>>();
    for (let i = 0; i < keys.length; i++) map.set(keys[i], owners[i]);
    this.map = map;
    this.sorted = SortedStrings.fromSortedKeys(keys, this.weightOf);
    this.building = undefined;
    this.preparing = undefined;
    for (let i = 0; i < this._multikey.length; i++) this._multikey[i] = multikey[i] === true;
    this.deferred = false;
    this.fillAlone = undefined;
  }

  get distinctKeys(): number {
    this.settle();
    return this.map.size;
  }

  clear(): void {
    this.fillAlone = undefined;
    this.map.clear();
    this.sorted = undefined;
    this.building = undefined;
    this.preparing = undefined;
  }
}
