import { describe, expect, it } from "vitest";
import { PENDING_MESSAGE_STORAGE_KEY } from "@/lib/constants";
import {
  guestSessionId,
  hasGuestSessionId,
  newGuestSessionId,
  openMessagesCache,
  replaceGuestSessionId,
  saveMessagesCache,
  savePendingMessage,
  sessionIdKey,
  takePendingMessage,
} from "@/lib/share-visitor/guest-storage";
import type { ChatMessage } from "@/lib/chat/message-types";

class MemoryStore {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const message = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role: "user",
  content: id,
  imageData: null,
  imageFileName: null,
  createdAt: "2026-11-22T00:00:00.000Z",
  isError: false,
  sources: [],
  ...extra,
});

describe("guest session id", () => {
  it("is session_ + timestamp + random string, in the shape the server accepts", () => {
    const id = newGuestSessionId(1_700_000_000_000);
    expect(id).toMatch(/^session_1700000000000_[a-z0-9]{9,}$/);
    expect(id).toMatch(/^session_[A-Za-z0-9_-]{6,120}$/);
    expect(newGuestSessionId()).not.toBe(newGuestSessionId());
  });

  it("is made once per share and kept under a key built from sessionId and the share id", () => {
    const store = new MemoryStore();
    const a = guestSessionId(store, "shareA");
    expect(guestSessionId(store, "shareA")).toBe(a);
    expect(store.getItem(sessionIdKey("shareA"))).toBe(a);
    expect(sessionIdKey("shareA")).toBe("sessionId_shareA");
    expect(guestSessionId(store, "shareB")).not.toBe(a);
    // A tampered value is replaced, not sent.
    store.setItem(sessionIdKey("shareA"), "<script>");
    expect(guestSessionId(store, "shareA")).toMatch(/^session_/);
    const renewed = replaceGuestSessionId(store, "shareB");
    expect(renewed).not.toBe(guestSessionId(new MemoryStore(), "shareB"));
    expect(guestSessionId(store, "shareB")).toBe(renewed);
  });

  it("says whether the browser has an id on the share already (a tampered value is none)", () => {
    const store = new MemoryStore();
    expect(hasGuestSessionId(store, "shareA")).toBe(false);
    guestSessionId(store, "shareA");
    expect(hasGuestSessionId(store, "shareA")).toBe(true);
    expect(hasGuestSessionId(store, "shareB")).toBe(false);
    store.setItem(sessionIdKey("shareB"), "<script>");
    expect(hasGuestSessionId(store, "shareB")).toBe(false);
  });
});

describe("messages cache", () => {
  it("comes back on a reload within 2 s of the last visit mark, and is cleared after longer", () => {
    const store = new MemoryStore();
    expect(openMessagesCache(store, "s", "session_x", 1_000)).toBeNull();
    saveMessagesCache(store, "s", "session_x", [message("a"), message("b", { pending: true }), message("c", { imageData: "data:image/png;base64,AAAA" })], 5_000);
    const quick = openMessagesCache(store, "s", "session_x", 6_500);
    expect(quick?.map((m) => m.id)).toEqual(["a", "c"]);
    expect(quick?.[1].imageData).toBeNull();
    // 6.5 s was marked as a visit: 2.5 s later the cache is stale and removed.
    expect(openMessagesCache(store, "s", "session_x", 9_001)).toBeNull();
    expect(openMessagesCache(store, "s", "session_x", 9_500)).toBeNull();
  });

  it("keeps each session's copy apart", () => {
    const store = new MemoryStore();
    saveMessagesCache(store, "s", "session_one", [message("one")], 1_000);
    expect(openMessagesCache(store, "s", "session_two", 1_500)).toBeNull();
  });
});

describe("pending message", () => {
  const base = { message: "你好", imageData: null, imageFileName: null, shareId: "s" };

  it("is replayed once when under 5 minutes old and not empty, on its own share only", () => {
    const store = new MemoryStore();
    savePendingMessage(store, { ...base, timestamp: 1_000 });
    expect(takePendingMessage(store, "other", 2_000)).toBeNull();
    expect(store.getItem(PENDING_MESSAGE_STORAGE_KEY)).not.toBeNull();
    expect(takePendingMessage(store, "s", 2_000)?.message).toBe("你好");
    expect(store.getItem(PENDING_MESSAGE_STORAGE_KEY)).toBeNull();
    expect(takePendingMessage(store, "s", 2_000)).toBeNull();
  });

  it("is dropped when 5 minutes old, empty, or not JSON", () => {
    const store = new MemoryStore();
    savePendingMessage(store, { ...base, timestamp: 0 });
    expect(takePendingMessage(store, "s", 300_000)).toBeNull();
    expect(store.getItem(PENDING_MESSAGE_STORAGE_KEY)).toBeNull();
    savePendingMessage(store, { ...base, message: "   ", timestamp: 0 });
    expect(takePendingMessage(store, "s", 1)).toBeNull();
    store.setItem(PENDING_MESSAGE_STORAGE_KEY, "{not json");
    expect(takePendingMessage(store, "s", 1)).toBeNull();
  });

  it("keeps an image as a data URL, and only an image", () => {
    const store = new MemoryStore();
    savePendingMessage(store, { ...base, message: "", imageData: "data:image/png;base64,AAAA", imageFileName: "a.png", timestamp: 10 });
    expect(takePendingMessage(store, "s", 20)).toMatchObject({ imageData: "data:image/png;base64,AAAA", imageFileName: "a.png" });
    savePendingMessage(store, { ...base, message: "", imageData: "javascript:alert(1)", timestamp: 10 });
    expect(takePendingMessage(store, "s", 20)).toBeNull();
  });

  it("keeps the text when the image does not fit in storage", () => {
    const store = new MemoryStore();
    store.setItem = (k: string, v: string) => {
      if (v.length > 200) throw new DOMException("full", "QuotaExceededError");
      store.data.set(k, v);
    };
    savePendingMessage(store, { ...base, imageData: `data:image/png;base64,${"A".repeat(500)}`, imageFileName: "big.png", timestamp: 10 });
    expect(takePendingMessage(store, "s", 20)).toMatchObject({ message: "你好", imageData: null });
  });
});
