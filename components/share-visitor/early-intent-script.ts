import { AWAITS_CODE_ATTRIBUTE, INTENT_EVENTS, type EarlyIntent } from "./first-intent";

// The inline script at the top of the shared page (app/shared/[shareId]/page.tsx): it watches for
// the visitor from the moment the page is parsed, before any module has run, and first-intent.ts
// takes over what it saw. Kept apart from first-intent.ts so the browser's bundle does not carry it twice.

function watch(w: Window & { __earlyIntent?: EarlyIntent }, events: string[], attribute: string) {
  const state: EarlyIntent = { seen: false, pressed: null, done: false, onSeen: null };
  w.__earlyIntent = state;
  const seen = () => {
    state.seen = true;
    for (const name of events) w.removeEventListener(name, seen, true);
    if (state.onSeen) state.onSeen();
  };
  for (const name of events) w.addEventListener(name, seen, { capture: true, passive: true });
  w.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element | null;
      const button = !state.done && target && target.closest ? target.closest("button") : null;
      if (button && !button.disabled && button.closest("[" + attribute + "]")) state.pressed = button;
    },
    true,
  );
}

/** For the shared page's <body>, before the chat's HTML. */
export const EARLY_INTENT_SCRIPT = `(${watch.toString()})(window,${JSON.stringify(INTENT_EVENTS)},${JSON.stringify(AWAITS_CODE_ATTRIBUTE)})`;
