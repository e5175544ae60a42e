"use client";

import { useState } from "react";

/**
 * A header menu whose code (a Radix menu with its positioning and focus handling, ~20 KB
 * compressed) is fetched on first use rather than with every page. The page shows a plain button
 * with `triggerProps`: a pointer over it starts the download, and pressing it (mouse, touch or
 * keyboard) swaps in the loaded menu, which opens as it mounts. The plain button is replaced only
 * when pressed, so a touch is never split between two buttons. `load` is a module import, which
 * the browser fetches once however often it is called, so hover and press share one download.
 */
export function useLoadOnUse<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<{ value: T; byKeyboard: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const triggerProps = {
    "aria-expanded": false,
    "aria-busy": loading || undefined,
    onPointerEnter: () => void load().catch(() => undefined),
    onClick: (event: React.MouseEvent) => {
      // A click with no pointer behind it (detail 0) is Enter or Space on the focused button.
      const byKeyboard = event.detail === 0;
      setLoading(true);
      load().then(
        (value) => setLoaded({ value, byKeyboard }),
        () => setLoading(false),
      );
    },
  };
  // byKeyboard: a menu opened from the keyboard puts focus on its first item, as one that was
  // there all along does (Radix learns it from a key press the late menu was not yet there to see).
  return { loaded: loaded?.value ?? null, byKeyboard: loaded?.byKeyboard ?? false, triggerProps };
}
