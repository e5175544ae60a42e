"use client";

import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "@/lib/constants";

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/**
 * True below the 768 px breakpoint. Layouts that differ in markup (table or cards) render only one
 * of the two, so every data-testid stays unique on the page.
 */
export function useNarrowScreen() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
