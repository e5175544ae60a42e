// Every term's postings (slot and term frequency per chunk, slots increasing) in two shared typed
// arrays, with each term's start, length and capacity in parallel arrays. One small typed array
// pair per term cost ~400 bytes of V8 overhead and two allocations for each of the tens of
// thousands of terms a Chinese owner has (most of them in one chunk only): loading an index was
// mostly allocation, and memory mostly overhead. A term that outgrows its room moves to the end
// of the pool with twice the room; the room it leaves is reclaimed when the pool is rebuilt.

/** A read-only view of one term's postings, valid until the next append to the pool. */
export type Postings = { slots: Int32Array; tfs: Uint16Array; length: number; df: number; maxTf: number };

export class PostingsPool {
  private start = new Int32Array(1024);
  private len = new Int32Array(1024);
  private cap = new Int32Array(1024);
  private dfs = new Int32Array(1024);
  private maxTfs = new Uint16Array(1024);
  private terms = 0;

  private slots = new Int32Array(4096);
  private tfs = new Uint16Array(4096);
  private used = 0;

  /** Terms created so far (ids are 0 … count − 1). */
  get count(): number {
    return this.terms;
  }

  /** A new term with room for `room` postings (exactly what it will hold, when known). */
  create(room = 1): number {
    const id = this.terms++;
    if (id === this.start.length) {
      const capacity = id * 2;
      this.start = growTo(this.start, capacity);
      this.len = growTo(this.len, capacity);
      this.cap = growTo(this.cap, capacity);
      this.dfs = growTo(this.dfs, capacity);
      this.maxTfs = growTo(this.maxTfs, capacity);
    }
    this.start[id] = this.reserve(room);
    this.cap[id] = room;
    return id;
  }

  /** Appends a posting (slots must come in increasing order per term) and counts it live. */
  append(id: number, slot: number, tf: number): void {
    let length = this.len[id];
    if (length === this.cap[id]) {
      const room = Math.max(1, length * 2);
      const to = this.reserve(room);
      const from = this.start[id];
      this.slots.copyWithin(to, from, from + length);
      this.tfs.copyWithin(to, from, from + length);
      this.start[id] = to;
      this.cap[id] = room;
    }
    const at = this.start[id] + length;
    this.slots[at] = slot;
    this.tfs[at] = tf;
    this.len[id] = ++length;
    this.dfs[id]++;
    if (tf > this.maxTfs[id]) this.maxTfs[id] = tf;
  }

  /** One of the term's chunks was removed (its posting stays, tombstoned by the slot). */
  removeOne(id: number): void {
    this.dfs[id]--;
  }

  df(id: number): number {
    return this.dfs[id];
  }

  view(id: number): Postings {
    const from = this.start[id];
    const length = this.len[id];
    return { slots: this.slots.subarray(from, from + length), tfs: this.tfs.subarray(from, from + length), length, df: this.dfs[id], maxTf: this.maxTfs[id] };
  }

  /** Bytes held by the typed arrays. */
  bytes(): number {
    return this.slots.byteLength + this.tfs.byteLength + this.start.byteLength * 4 + this.maxTfs.byteLength;
  }

  private reserve(room: number): number {
    const at = this.used;
    this.used += room;
    if (this.used > this.slots.length) {
      const capacity = Math.max(this.used, this.slots.length * 2);
      this.slots = growTo(this.slots, capacity);
      this.tfs = growTo(this.tfs, capacity);
    }
    return at;
  }
}

function growTo<T extends Int32Array | Uint16Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array);
  return next;
}
