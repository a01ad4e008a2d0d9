import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/core/lru-cache.js';

describe('LruCache', () => {
  it('keeps at most its capacity and forgets the least recently used first', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    cache.set('c', 4); // replacing is not a new entry
    expect(cache.size).toBe(2);
    expect(cache.get('c')).toBe(4);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new LruCache(0)).toThrow(/positive integer/);
    expect(() => new LruCache(1.5)).toThrow(/positive integer/);
  });
});
