// The cache of recently served small files (api/src/services/file-cache.ts): bounded by bytes, least
// recently used out first, large files never kept.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CACHEABLE_BYTES, FileCache, readWhole } from '../../api/src/lib/file-cache';

const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);

describe('FileCache', () => {
  it('keeps files up to its capacity and drops the least recently used first', () => {
    const cache = new FileCache(300);
    cache.set('a', bytes(100, 1));
    cache.set('b', bytes(100, 2));
    cache.set('c', bytes(100, 3));
    expect(cache.get('a')?.[0]).toBe(1); // a is now the most recently used
    cache.set('d', bytes(100, 4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.[0]).toBe(1);
    expect(cache.get('c')?.[0]).toBe(3);
    expect(cache.get('d')?.[0]).toBe(4);
    expect(cache.size).toBe(300);
  });

  it('never keeps a file larger than the cacheable size or than the whole cache', () => {
    const cache = new FileCache(CACHEABLE_BYTES * 4);
    cache.set('big', bytes(CACHEABLE_BYTES + 1, 0));
    expect(cache.get('big')).toBeUndefined();
    const small = new FileCache(50);
    small.set('x', bytes(51, 0));
    expect(small.get('x')).toBeUndefined();
    expect(small.size).toBe(0);
  });

  it('reads a stream whole', async () => {
    expect((await readWhole(Readable.from([Buffer.from('ab'), Buffer.from('cd')]))).toString()).toBe('abcd');
  });
});
