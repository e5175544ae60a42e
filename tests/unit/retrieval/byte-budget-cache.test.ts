import { describe, expect, it } from "vitest";
import { ByteBudgetCache } from "@/lib/server/retrieval/byte-budget-cache";

describe("ByteBudgetCache", () => {
  it("evicts the least recently used values once the loaded ones pass the budget", () => {
    const cache = new ByteBudgetCache<string>(100);
    for (const key of ["a", "b", "c"]) {
      cache.set(key, key);
      cache.sized(key, key, 40);
    }
    // a (40) + b (40) + c (40) > 100: a, the oldest, goes.
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([false, true, true]);
    expect(cache.bytes).toBe(80);
    // Using b makes c the oldest.
    expect(cache.get("b")).toBe("b");
    cache.set("d", "d");
    cache.sized("d", "d", 40);
    expect([cache.has("b"), cache.has("c"), cache.has("d")]).toEqual([true, false, true]);
  });

  it("never evicts a value still loading, nor the one just sized, even past the budget", () => {
    const cache = new ByteBudgetCache<string>(100);
    cache.set("loading", "loading");
    cache.set("small", "small");
    cache.sized("small", "small", 10);
    cache.set("huge", "huge");
    cache.sized("huge", "huge", 500);
    expect(cache.has("loading")).toBe(true);
    expect(cache.has("small")).toBe(false);
    expect(cache.has("huge")).toBe(true);
    expect(cache.bytes).toBe(500);
    // The next owner asked pushes the huge one out.
    cache.set("next", "next");
    cache.sized("next", "next", 20);
    expect([cache.has("huge"), cache.has("next")]).toEqual([false, true]);
    expect(cache.bytes).toBe(20);
  });

  it("counts a value's new size when it changes, and ignores a load that was replaced meanwhile", () => {
    const cache = new ByteBudgetCache<object>(1_000);
    const first = {};
    const second = {};
    cache.set("a", first);
    cache.set("a", second);
    cache.sized("a", first, 300);
    expect(cache.bytes).toBe(0);
    cache.sized("a", second, 300);
    cache.sized("a", second, 450);
    expect(cache.bytes).toBe(450);
    cache.delete("a");
    expect(cache.bytes).toBe(0);
  });

  it("applies a smaller budget at once", () => {
    const cache = new ByteBudgetCache<string>(1_000);
    for (const key of ["a", "b", "c"]) {
      cache.set(key, key);
      cache.sized(key, key, 300);
    }
    cache.setBudget(400);
    expect([cache.has("a"), cache.has("b"), cache.has("c")]).toEqual([false, false, true]);
  });
});
