// A sorted set of strings kept as a list of small sorted blocks: insert and delete cost O(log n + B)
// instead of the O(n) of one big array, and a range is walked block by block in either direction.
import type { Steps } from './slices.js';
import { mergeSortSteps } from './sort.js';

const BLOCK = 512;

export class SortedStrings {
  private blocks: string[][] = [];
  /** Highest key of each block (for the binary search over blocks). */
  private maxes: string[] = [];
  /**
   * With a weight per key (an index: the documents holding it), each block's total, so a range's total
   * is O(blocks) instead of a walk. NaN until first needed (then summed once, and kept up to date by
   * add, delete and bump).
   */
  private sums?: number[];
  size = 0;
  /** Changes with every add or delete, so a walk paused in between knows to find its place again. */
  private version = 0;

  /** `weightOf` gives a key's current weight; whoever changes a weight says so with bump(). */
  constructor(private readonly weightOf?: (k: string) => number) {
    if (weightOf) this.sums = [];
  }

  /** Builds from unsorted keys in one sort (used when an index is built or first needs order). */
  static from(keys: Iterable<string>, weightOf?: (k: string) => number): SortedStrings {
    return SortedStrings.fromSorted([...keys].sort(cmp), weightOf);
  }

  /** The same in steps that may pause (a build in the background). */
  static *fromSteps(keys: string[], weightOf?: (k: string) => number): Steps<SortedStrings> {
    return SortedStrings.fromSorted(yield* mergeSortSteps(keys, cmp), weightOf);
  }

  /** Builds from keys already in order (the index key file), without sorting them again. */
  static fromSortedKeys(keys: string[], weightOf?: (k: string) => number): SortedStrings {
    return SortedStrings.fromSorted(keys, weightOf);
  }

  /** Every key, in order. */
  all(): string[] {
    // A plain loop: blocks.flat() took ~1.5 s for 1.8 M keys (under load) at a clean close.
    const out = new Array<string>(this.size);
    let i = 0;
    for (const b of this.blocks) for (const k of b) out[i++] = k;
    return out;
  }

  private static fromSorted(all: string[], weightOf?: (k: string) => number): SortedStrings {
    const s = new SortedStrings(weightOf);
    for (let i = 0; i < all.length; i += BLOCK) {
      const b = all.slice(i, i + BLOCK);
      s.blocks.push(b);
      s.maxes.push(b[b.length - 1]);
      s.sums?.push(NaN);
    }
    s.size = all.length;
    return s;
  }

  /** A key's weight changed by `delta` (an index key that gained or lost a document). */
  bump(k: string, delta: number): void {
    if (!this.sums) return;
    const bi = this.blockFor(k);
    if (bi < this.blocks.length && this.blocks[bi][lowerBound(this.blocks[bi], k)] === k) this.sums[bi] += delta;
  }

  /** Total weight of the keys in [lo, hi): block totals between the two ends, keys only at the ends. */
  weightIn(lo: string, hi: string): number {
    const w = this.weightOf;
    if (!w || !(lo < hi)) return w ? 0 : this.countRange(lo, hi);
    const sums = this.sums!;
    const first = this.blockFor(lo);
    const last = this.blockFor(hi);
    let n = 0;
    for (let bi = first; bi <= last && bi < this.blocks.length; bi++) {
      const b = this.blocks[bi];
      const from = bi === first ? lowerBound(b, lo) : 0;
      const to = bi === last ? lowerBound(b, hi) : b.length;
      if (from === 0 && to === b.length) {
        if (Number.isNaN(sums[bi])) sums[bi] = b.reduce((t, k) => t + w(k), 0);
        n += sums[bi];
      } else for (let i = from; i < to; i++) n += w(b[i]);
    }
    return n;
  }

  private blockFor(k: string): number {
    let lo = 0;
    let hi = this.maxes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.maxes[mid] < k) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds a key (of weight weightOf(k) by then, when weighted). */
  add(k: string): void {
    if (!this.blocks.length) {
      this.blocks.push([k]);
      this.maxes.push(k);
      this.sums?.push(NaN);
      this.size = 1;
      return;
    }
    let bi = this.blockFor(k);
    if (bi === this.blocks.length) bi--;
    const b = this.blocks[bi];
    const i = lowerBound(b, k);
    if (b[i] === k) return;
    b.splice(i, 0, k);
    this.size++;
    this.version++;
    this.maxes[bi] = b[b.length - 1];
    if (this.sums) this.sums[bi] += this.weightOf!(k);
    if (b.length > BLOCK * 2) {
      const right = b.splice(BLOCK);
      this.blocks.splice(bi + 1, 0, right);
      this.maxes.splice(bi, 1, b[b.length - 1], right[right.length - 1]);
      this.sums?.splice(bi, 1, NaN, NaN); // summed again when next needed
    }
  }

  /** Deletes a key; `weight` is what it weighed (an index key goes when its last document does: 1). */
  delete(k: string, weight = 1): void {
    const bi = this.blockFor(k);
    const b = this.blocks[bi];
    if (!b) return;
    const i = lowerBound(b, k);
    if (b[i] !== k) return;
    b.splice(i, 1);
    this.size--;
    this.version++;
    if (this.sums) this.sums[bi] -= weight;
    if (b.length === 0) {
      this.blocks.splice(bi, 1);
      this.maxes.splice(bi, 1);
      this.sums?.splice(bi, 1);
    } else this.maxes[bi] = b[b.length - 1];
  }

  /** How many keys lie in [lo, hi) (block sizes between the two ends: no walk over the keys). */
  countRange(lo: string, hi: string): number {
    return lo < hi ? this.rank(hi) - this.rank(lo) : 0;
  }

  /** How many keys sort below k. */
  private rank(k: string): number {
    const bi = this.blockFor(k);
    let n = 0;
    for (let i = 0; i < bi && i < this.blocks.length; i++) n += this.blocks[i].length;
    return bi < this.blocks.length ? n + lowerBound(this.blocks[bi], k) : n;
  }

  /**
   * Keys k with lo <= k < hi, ascending (or descending when `reverse`). The walk may be paused between
   * keys while others add and delete: it then finds its place again after the last key it gave (a key
   * added behind it is not seen, one added ahead is).
   */
  *range(lo: string, hi: string, reverse = false): Generator<string> {
    if (!(lo < hi)) return;
    let v = this.version;
    if (!reverse) {
      let bi = this.blockFor(lo);
      let i = bi < this.blocks.length ? lowerBound(this.blocks[bi], lo) : 0;
      for (;;) {
        if (bi >= this.blocks.length) return;
        const b = this.blocks[bi];
        if (i >= b.length) {
          bi++;
          i = 0;
          continue;
        }
        const k = b[i];
        if (k >= hi) return;
        yield k;
        if (this.version === v) i++;
        else {
          // The first key above k, wherever blocks have split or gone since.
          v = this.version;
          bi = this.blockFor(k);
          if (bi >= this.blocks.length) return;
          i = lowerBound(this.blocks[bi], k);
          if (this.blocks[bi][i] === k) i++;
        }
      }
    }
    let bi = Math.min(this.blockFor(hi), this.blocks.length - 1);
    let i = bi >= 0 ? lowerBound(this.blocks[bi], hi) - 1 : -1;
    for (;;) {
      if (bi < 0) return;
      if (i < 0) {
        bi--;
        i = bi >= 0 ? this.blocks[bi].length - 1 : -1;
        continue;
      }
      const k = this.blocks[bi][i];
      if (k < lo) return;
      yield k;
      if (this.version === v) i--;
      else {
        // The last key below k.
        v = this.version;
        bi = Math.min(this.blockFor(k), this.blocks.length - 1);
        i = bi >= 0 ? lowerBound(this.blocks[bi], k) - 1 : -1;
      }
    }
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function lowerBound(b: string[], k: string): number {
  let lo = 0;
  let hi = b.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (b[mid] < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
