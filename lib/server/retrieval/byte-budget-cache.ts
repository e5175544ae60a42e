import "server-only";

/**
 * Values kept by key within a memory budget: the least recently used go first once the sizes of
 * those that have finished loading pass the budget. A value still loading has no size yet and is
 * never evicted; neither is the one just used, so an owner larger than the whole budget still gets
 * answered (alone in the cache).
 */
export class ByteBudgetCache<V> {
  // A Map iterates in insertion order: re-inserting on each use keeps it in order of recency.
  private readonly entries = new Map<string, { value: V; bytes: number | null }>();
  private total = 0;

  constructor(private budgetBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value whose size is not known yet (a load in flight). */
  set(key: string, value: V): void {
    this.delete(key);
    this.entries.set(key, { value, bytes: null });
  }

  /** Records the size of a value once loaded (or changed), then evicts beyond the budget. */
  sized(key: string, value: V, bytes: number): void {
    const entry = this.entries.get(key);
    // Replaced or evicted while it loaded: that load's size no longer counts.
    if (!entry || entry.value !== value) return;
    this.total += bytes - (entry.bytes ?? 0);
    entry.bytes = bytes;
    this.evict(key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.total -= entry.bytes ?? 0;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  setBudget(bytes: number): void {
    this.budgetBytes = bytes;
    this.evict(null);
  }

  /** Bytes held by the values that have finished loading. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  private evict(keep: string | null): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.budgetBytes) return;
      if (key === keep || entry.bytes === null) continue;
      this.total -= entry.bytes;
      this.entries.delete(key);
    }
  }
}
