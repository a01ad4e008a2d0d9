/**
 * A binary min-heap of integer ids keyed by a number, on growable typed arrays so an A* search
 * over tens of thousands of cells does not allocate per push. Duplicates are allowed: callers
 * use lazy deletion (skip ids already settled when popped).
 */
export class MinHeap {
  private ids: Int32Array;
  private keys: Float64Array;
  private count = 0;

  constructor(capacity = 1024) {
    this.ids = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.count = 0;
  }

  push(id: number, key: number): void {
    if (this.count === this.ids.length) this.grow();
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.ids[i] = this.ids[parent]!;
      this.keys[i] = this.keys[parent]!;
      i = parent;
    }
    this.ids[i] = id;
    this.keys[i] = key;
  }

  /** Removes and returns the id with the smallest key; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const top = this.ids[0]!;
    const lastId = this.ids[--this.count]!;
    const lastKey = this.keys[this.count]!;
    let i = 0;
    const n = this.count;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.keys[right]! < this.keys[left]! ? right : left;
      if (this.keys[child]! >= lastKey) break;
      this.ids[i] = this.ids[child]!;
      this.keys[i] = this.keys[child]!;
      i = child;
    }
    if (n > 0) {
      this.ids[i] = lastId;
      this.keys[i] = lastKey;
    }
    return top;
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    this.ids = ids;
    this.keys = keys;
  }
}
