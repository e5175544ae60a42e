import { PENDING_REPLAY_DELAY_MS } from "@/lib/constants";

// After a Google sign-in the page replays the message saved before it (docs/rules/sharing.md#pending-message): 1.5 s after the
// return it fires the sendPendingMessage event, which the shared chat answers once it is ready.
// A desktop popup sign-in reloads the page without auth=success, so it leaves a flag instead.

export const SEND_PENDING_EVENT = "sendPendingMessage";
const AFTER_RELOAD_KEY = "pendingReplayAfterReload";

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function requestPendingReplayAfterReload(store: Store) {
  store.setItem(AFTER_RELOAD_KEY, "1");
}

/** Whether this page load should replay (back from Google, or reloaded after a popup sign-in); clears the flag. */
export function shouldReplayOnLoad(store: Store, href: string): boolean {
  const flagged = store.getItem(AFTER_RELOAD_KEY) === "1";
  store.removeItem(AFTER_RELOAD_KEY);
  return flagged || new URL(href).searchParams.get("auth") === "success";
}

/** Fires sendPendingMessage after the delay; a replay requested before the chat listens waits for it. */
export function schedulePendingReplay(target: Window): () => void {
  const timer = target.setTimeout(() => {
    (target as Window & { __pendingReplayRequested?: boolean }).__pendingReplayRequested = true;
    target.dispatchEvent(new Event(SEND_PENDING_EVENT));
  }, PENDING_REPLAY_DELAY_MS);
  return () => target.clearTimeout(timer);
}

/** The chat takes the request (once): true when one was made and not yet taken. */
export function takeReplayRequest(target: Window): boolean {
  const w = target as Window & { __pendingReplayRequested?: boolean };
  const requested = w.__pendingReplayRequested === true;
  w.__pendingReplayRequested = false;
  return requested;
}
