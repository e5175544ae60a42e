import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PENDING_REPLAY_DELAY_MS } from "@/lib/constants";
import { requestPendingReplayAfterReload, schedulePendingReplay, SEND_PENDING_EVENT, shouldReplayOnLoad, takeReplayRequest } from "@/lib/share-visitor/pending-replay";

class MemoryStore {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

describe("replaying the message saved before sign-in", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("replays on the return with auth=success, or once after the reload of a popup sign-in", () => {
    const store = new MemoryStore();
    expect(shouldReplayOnLoad(store, "http://x/shared/a")).toBe(false);
    expect(shouldReplayOnLoad(store, "http://x/shared/a?auth=success")).toBe(true);
    requestPendingReplayAfterReload(store);
    expect(shouldReplayOnLoad(store, "http://x/shared/a")).toBe(true);
    expect(shouldReplayOnLoad(store, "http://x/shared/a")).toBe(false);
  });

  it("fires sendPendingMessage 1.5 s later and leaves the request for a chat not yet listening", () => {
    const target = new EventTarget() as unknown as Window;
    Object.assign(target, { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout });
    const heard: number[] = [];
    target.addEventListener(SEND_PENDING_EVENT, () => heard.push(Date.now()));
    schedulePendingReplay(target);
    vi.advanceTimersByTime(PENDING_REPLAY_DELAY_MS - 1);
    expect(heard).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(heard).toHaveLength(1);
    expect(takeReplayRequest(target)).toBe(true);
    expect(takeReplayRequest(target)).toBe(false);
    const cancel = schedulePendingReplay(target);
    cancel();
    vi.advanceTimersByTime(PENDING_REPLAY_DELAY_MS * 2);
    expect(heard).toHaveLength(1);
  });
});
