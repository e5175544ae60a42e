// The page's navigation at its top: its header (the app's, the shared page's) and, where a page
// has them, the tabs under it (the workspace's). Toasts open below all of it rather than over its
// buttons and tabs (lazy-toaster.tsx).

/** Marks a part of a page's top navigation. */
export const TOP_BAR_ATTRIBUTE = "data-top-bar";

/**
 * Where the page's top navigation ends, in pixels from the window's top (0 with none): the lowest
 * of its parts. Tabs that have scrolled up under the pinned header end above it, and count no more.
 */
export function topBarBottom(): number {
  let bottom = 0;
  for (const bar of document.querySelectorAll(`[${TOP_BAR_ATTRIBUTE}]`)) bottom = Math.max(bottom, bar.getBoundingClientRect().bottom);
  return Math.round(bottom);
}
