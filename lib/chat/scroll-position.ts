// Where the conversation's scroll region stands (components/chat/use-newest-in-view.ts).

// A reader within this distance of the bottom is "at the bottom" (a few pixels of rounding, or a
// wheel notch short, still count); further up, they are reading something older.
export const STICK_TO_BOTTOM_PX = 64;

/** Room left above the newest exchange when it is brought to the region's top edge. */
export const EXCHANGE_MARGIN_PX = 8;

export function distanceFromBottom(box: { scrollHeight: number; scrollTop: number; clientHeight: number }): number {
  return Math.max(0, box.scrollHeight - box.scrollTop - box.clientHeight);
}

export function isAtBottom(box: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return distanceFromBottom(box) <= STICK_TO_BOTTOM_PX;
}

/**
 * What the region does as its content grows or it resizes:
 * - "exchange": the newest exchange is read from its start: the region follows new content only
 *   until the question (or, when question and reply are taller than the region, the reply's
 *   first line) reaches its top, and never scrolls back up.
 * - "bottom": it follows the end (the reader went there: the jump button, or scrolling down).
 * - "free": the reader scrolled up to read something older, and is left there.
 */
export type Follow = "exchange" | "bottom" | "free";

/** The newest exchange, in the content's coordinates (as scrollTop counts them). */
export interface Exchange {
  /** The reader's question; null when no question comes before the newest message. */
  questionTop: number | null;
  /** Its reply, streaming reply or thinking indicator; null before any shows. */
  replyTop: number | null;
  /** Where the exchange ends. */
  bottom: number;
}

/**
 * The scrollTop that shows the newest exchange from its start: the question at the region's top
 * when the question and its reply fit together, else the reply's first line there; as far down
 * as the content allows.
 */
export function exchangeScrollTop(exchange: Exchange, box: { scrollHeight: number; clientHeight: number }): number {
  const maxScroll = Math.max(0, box.scrollHeight - box.clientHeight);
  const { questionTop, replyTop, bottom } = exchange;
  const fits = questionTop !== null && bottom - questionTop + 2 * EXCHANGE_MARGIN_PX <= box.clientHeight;
  const start = (fits ? questionTop : (replyTop ?? questionTop)) ?? bottom;
  return Math.min(maxScroll, Math.max(0, start - EXCHANGE_MARGIN_PX));
}

/**
 * Where to scroll as the content grows or the region resizes; null leaves the position alone.
 * `placed`: the region is where it was last put (the reader has not scrolled since): the
 * exchange's start is then kept at the top both ways, so content above it that shrinks (or a
 * line that wraps differently) does not leave the question above the view.
 */
export function followScrollTop(input: { follow: Follow; top: number; exchangeTop: number; maxScroll: number; placed?: boolean }): number | null {
  if (input.follow === "bottom") return input.maxScroll;
  if (input.follow !== "exchange") return null;
  if (input.placed) return Math.abs(input.exchangeTop - input.top) > 1 ? input.exchangeTop : null;
  // Only ever down: a reader who went on reading below the exchange's start is not pulled back.
  return input.exchangeTop > input.top + 1 ? input.exchangeTop : null;
}

/**
 * Who moved the region, seen from a scroll event: "own" when it is where the conversation last
 * put it; "reader" when the reader was scrolling (a wheel, a touch, a scroll key, the scroll bar),
 * or when something scrolled it for them while nothing under it changed since it was placed (the
 * browser's find in page, a screen reader, a script bringing an element into view): undoing that
 * would take away what they asked to see, and a click on what was brought into view would land on
 * whatever the undo put under the pointer. Else "page": the content changed under it (it got
 * shorter, the browser kept something in view), which is nobody's choice of what to read.
 */
export function scrollCause(input: { top: number; placedTop: number | null; byReader: boolean; layoutChanged: boolean }): "own" | "page" | "reader" {
  if (input.placedTop !== null && Math.abs(input.top - input.placedTop) <= 1) return "own";
  if (input.byReader) return "reader";
  return input.placedTop !== null && !input.layoutChanged ? "reader" : "page";
}

/** The sizes that decide where the region can stand; a scroll with these unchanged since the region was placed was nothing's doing but a scroll. */
export interface RegionLayout {
  scrollHeight: number;
  clientHeight: number;
}

export function layoutChanged(placed: RegionLayout | null, now: RegionLayout): boolean {
  return !placed || Math.abs(placed.scrollHeight - now.scrollHeight) > 1 || Math.abs(placed.clientHeight - now.clientHeight) > 1;
}

/** How long after a wheel, touch or scroll key the scroll events it causes count as the reader's (and, while they go on, a little longer: a flick's momentum). */
export const READER_GESTURE_MS = 1_000;
export const READER_GESTURE_TAIL_MS = 300;
/**
 * How a scroll event changes what the region follows. Moving up, away from the bottom, leaves the
 * reader alone. Reaching the bottom follows it, unless the region is still showing the exchange
 * from its start (its own scroll, or a short exchange that ends there). Other events change
 * nothing: one can arrive in the same frame as content that grew and was not yet followed, and
 * not being at the bottom then is not the reader's doing.
 */
export function followAfterScroll(input: { follow: Follow; atBottom: boolean; top: number; lastTop: number; exchangeTop: number }): Follow {
  if (input.atBottom) return input.follow === "exchange" && input.top <= input.exchangeTop + 1 ? "exchange" : "bottom";
  if (input.top < input.lastTop - 1) return "free";
  return input.follow;
}

