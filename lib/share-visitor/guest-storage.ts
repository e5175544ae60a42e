import { GUEST_SESSION_ID_PATTERN, MESSAGES_CACHE_REFRESH_THRESHOLD_MS, PENDING_MESSAGE_STORAGE_KEY, PENDING_MESSAGE_TTL_MS } from "@/lib/constants";
import type { ChatMessage } from "@/lib/chat/message-types";

// What a visitor's browser keeps for a shared assistant (docs/rules/sharing.md#guest-identity): the guest session id, a
// cache of the conversation with the mark of the last visit, and the pending message saved before
// a Google sign-in. Pure functions over a Storage so the rules are testable without a browser.

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The key the guest session id of a share is kept under, built from "sessionId" and the share id. */
export const sessionIdKey = (shareId: string) => `sessionId_${shareId}`;
export const visitMarkKey = (shareId: string) => `lastVisit_${shareId}`;
const messagesCacheKey = (shareId: string, sessionId: string) => `sharedMessages_${shareId}_${sessionId}`;

/** session_ + a timestamp + a random string, the shape the server accepts. */
export function newGuestSessionId(now = Date.now(), random: () => string = randomPart): string {
  return `session_${now}_${random()}`;
}

function randomPart(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) => b.toString(36).padStart(2, "0")).join("");
}

/** Whether this browser has a session id on the share already (it may have a conversation there). */
export function hasGuestSessionId(store: Store, shareId: string): boolean {
  return GUEST_SESSION_ID_PATTERN.test(store.getItem(sessionIdKey(shareId)) ?? "");
}

/** This browser's session id on a share, made and stored on first use. */
export function guestSessionId(store: Store, shareId: string, make: () => string = () => newGuestSessionId()): string {
  const saved = store.getItem(sessionIdKey(shareId));
  if (saved && GUEST_SESSION_ID_PATTERN.test(saved)) return saved;
  const fresh = make();
  store.setItem(sessionIdKey(shareId), fresh);
  return fresh;
}

/** A new id for this share (the server refused the old one as another browser's). */
export function replaceGuestSessionId(store: Store, shareId: string, make: () => string = () => newGuestSessionId()): string {
  store.removeItem(sessionIdKey(shareId));
  return guestSessionId(store, shareId, make);
}

/**
 * On opening the page: the cached conversation, unless the page was refreshed more than 2 s after
 * the last visit mark (then the cache is cleared and the server's copy is loaded). Marks this visit.
 */
export function openMessagesCache(store: Store, shareId: string, sessionId: string, now = Date.now()): ChatMessage[] | null {
  const mark = Number(store.getItem(visitMarkKey(shareId)) ?? NaN);
  store.setItem(visitMarkKey(shareId), String(now));
  const key = messagesCacheKey(shareId, sessionId);
  if (!Number.isFinite(mark) || now - mark > MESSAGES_CACHE_REFRESH_THRESHOLD_MS) {
    store.removeItem(key);
    return null;
  }
  try {
    const cached = JSON.parse(store.getItem(key) ?? "null");
    return Array.isArray(cached) ? (cached as ChatMessage[]) : null;
  } catch {
    return null;
  }
}

/** Keeps the conversation (without images, which can be megabytes) and renews the visit mark. */
export function saveMessagesCache(store: Store, shareId: string, sessionId: string, messages: ChatMessage[], now = Date.now()) {
  try {
    store.setItem(messagesCacheKey(shareId, sessionId), JSON.stringify(messages.filter((m) => !m.pending).map((m) => ({ ...m, imageData: null }))));
    store.setItem(visitMarkKey(shareId), String(now));
  } catch {
    // Storage full or refused (private mode): the server still has the conversation.
  }
}

export interface PendingMessage {
  message: string;
  imageData: string | null;
  imageFileName: string | null;
  timestamp: number;
  /** Which share it was written on: a draft never goes to another assistant. */
  shareId: string;
}

export function savePendingMessage(store: Store, pending: PendingMessage) {
  try {
    store.setItem(PENDING_MESSAGE_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // An image too large for storage: keep the text at least.
    store.setItem(PENDING_MESSAGE_STORAGE_KEY, JSON.stringify({ ...pending, imageData: null, imageFileName: null }));
  }
}

/**
 * The pending message to replay on this share, removed from storage: only when it is under 5
 * minutes old and has text or an image.
 */
export function takePendingMessage(store: Store, shareId: string, now = Date.now()): PendingMessage | null {
  const raw = store.getItem(PENDING_MESSAGE_STORAGE_KEY);
  if (raw === null) return null;
  let pending: Partial<PendingMessage> | null = null;
  try {
    pending = JSON.parse(raw);
  } catch {
    pending = null;
  }
  if (!pending || pending.shareId !== shareId) return null;
  store.removeItem(PENDING_MESSAGE_STORAGE_KEY);
  const message = typeof pending.message === "string" ? pending.message : "";
  const imageData = typeof pending.imageData === "string" && pending.imageData.startsWith("data:image/") ? pending.imageData : null;
  const fresh = typeof pending.timestamp === "number" && now - pending.timestamp >= 0 && now - pending.timestamp < PENDING_MESSAGE_TTL_MS;
  if (!fresh || (!message.trim() && !imageData)) return null;
  return { message, imageData, imageFileName: typeof pending.imageFileName === "string" ? pending.imageFileName : null, timestamp: pending.timestamp!, shareId };
}
