// Whether a conversation is read at its newest message: a reader within this distance of the
// bottom is "at the bottom" (a few pixels of rounding, or a wheel notch short, still count), so
// new content keeps it there; further up, they are reading something older and are left alone.
export const STICK_TO_BOTTOM_PX = 64;

export function distanceFromBottom(box: { scrollHeight: number; scrollTop: number; clientHeight: number }): number {
  return Math.max(0, box.scrollHeight - box.scrollTop - box.clientHeight);
}

export function isAtBottom(box: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return distanceFromBottom(box) <= STICK_TO_BOTTOM_PX;
}

/**
 * Whether to keep following new content after a scroll event. At the bottom: yes. Moved up by the
 * reader: no. Otherwise as before: a scroll event can arrive in the same frame as content that grew
 * and was not yet followed, and not being at the bottom then is not the reader's doing.
 */
export function keepsFollowing(input: { following: boolean; atBottom: boolean; top: number; lastTop: number }): boolean {
  if (input.atBottom) return true;
  if (input.top < input.lastTop - 1) return false;
  return input.following;
}
