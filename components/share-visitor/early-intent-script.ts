import { AWAITS_CODE_ATTRIBUTE, INTENT_EVENTS, type EarlyIntent } from "./first-intent";

// The inline script at the top of the shared page (app/shared/[shareId]/page.tsx): it watches for
// the visitor from the moment the page is parsed, before any module has run, and first-intent.ts
// takes over what it saw. Kept apart from first-intent.ts so the browser's bundle does not carry it twice.

type StreamingRuntime = { $RB?: unknown[]; $RV?: (batch: unknown[]) => void };

function watch(w: Window & { __earlyIntent?: EarlyIntent } & StreamingRuntime, events: string[], attribute: string) {
  // React's server sends the chat apart from the page (it is large) with an inert copy in its
  // place, and its runtime swaps the two at the next frame, or up to 300 ms later on a slow phone
  // (it batches reveals: $RB, revealed by $RV). Swapped as soon as the chat has been parsed
  // instead, the page never holds two copies once it has loaded. Should a React release rename
  // these, React's own swap still happens; e2e 13 checks the copy is gone by DOMContentLoaded.
  const reveal = new MutationObserver(() => {
    if (w.$RB && w.$RB.length > 0 && typeof w.$RV === "function") w.$RV(w.$RB);
  });
  reveal.observe(w.document, { childList: true, subtree: true });
  w.document.addEventListener("DOMContentLoaded", () => reveal.disconnect());
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
