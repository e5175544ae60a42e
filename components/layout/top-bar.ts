// The page's top bar (the app's header, the shared page's header). Toasts open below it rather
// than over its buttons (lazy-toaster.tsx); both headers stay pinned at the top of the window.

/** Marks a page's top bar. */
export const TOP_BAR_ATTRIBUTE = "data-top-bar";

/** Where the page's top bar ends, in pixels from the window's top (0 with none). */
export function topBarBottom(): number {
  const bar = document.querySelector(`[${TOP_BAR_ATTRIBUTE}]`);
  return bar ? Math.max(0, Math.round(bar.getBoundingClientRect().bottom)) : 0;
}
