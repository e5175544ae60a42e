// When the shared chat's code is fetched for a new visitor (shared-assistant-lazy.tsx): at the
// first sign of a person at the page, not with the page itself. A visitor who only reads what the
// server sent (the assistant's name, its welcome) downloads nothing more; the first touch, click,
// key, focus, wheel or mouse movement starts the download, and the code is there by the time a
// question has been typed into the box the server already drew.
//
// The watching starts with an inline script at the top of the page (early-intent-script.ts), so
// nothing done between the first paint and the moment this module runs is missed. It also keeps
// the last button pressed meanwhile: React drops a click on server HTML whose code has not arrived
// (it cannot know the handler), so that button is pressed again once the code is in (a tap on the
// theme or the language, say). Typed text needs nothing: the box is the same element after
// hydration, and ChatInput takes up what it holds.

/** Marks the part of the page whose code may still be on its way (its outermost element). */
export const AWAITS_CODE_ATTRIBUTE = "data-awaits-code";

export const INTENT_EVENTS = ["pointerdown", "touchstart", "mousemove", "wheel", "keydown", "focusin"];

/** What the inline script (early-intent-script.ts) shares with this module: whether a person has shown up, and the press to repeat. */
export interface EarlyIntent {
  seen: boolean;
  pressed: HTMLButtonElement | null;
  done: boolean;
  onSeen: (() => void) | null;
}

function early(): EarlyIntent | undefined {
  return (window as Window & { __earlyIntent?: EarlyIntent }).__earlyIntent;
}

let intent: Promise<void> | null = null;
let settle = () => {};

/** Settles at the first sign of a person (at once on the server, and if something is focused already). */
export function firstIntent(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  intent ??= new Promise<void>((resolve) => {
    settle = resolve;
    const state = early();
    // Focused before the script could see it (a tap on the message box as the page appeared).
    const focused = document.activeElement !== null && document.activeElement !== document.body;
    if (!state || state.seen || focused) return resolve();
    state.onSeen = resolve;
  });
  return intent;
}

/** Settles firstIntent now: the code is needed whatever the visitor has done. */
export function skipIntent() {
  void firstIntent();
  settle();
}

/** Called as the code has taken over the server's HTML: presses again what was pressed before. */
export function codeArrived() {
  const state = early();
  const button = state?.pressed ?? null;
  if (state) {
    state.done = true;
    state.pressed = null;
  }
  // Nothing waits for code any more (React leaves the attribute alone: its value never changes).
  for (const element of document.querySelectorAll(`[${AWAITS_CODE_ATTRIBUTE}]`)) element.removeAttribute(AWAITS_CODE_ATTRIBUTE);
  // After React's own work of this commit (the message box taking up its text, say).
  if (button) window.setTimeout(() => button.isConnected && !button.disabled && button.click(), 0);
}
