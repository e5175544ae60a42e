import { describe, expect, it } from "vitest";
import { STICK_TO_BOTTOM_PX, isAtBottom, keepsFollowing } from "@/lib/chat/scroll-position";

describe("the conversation's scroll position", () => {
  it("counts a reader within a few lines of the end as at the bottom", () => {
    expect(isAtBottom({ scrollHeight: 2_000, clientHeight: 500, scrollTop: 1_500 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 2_000, clientHeight: 500, scrollTop: 1_500 - STICK_TO_BOTTOM_PX })).toBe(true);
    expect(isAtBottom({ scrollHeight: 2_000, clientHeight: 500, scrollTop: 1_500 - STICK_TO_BOTTOM_PX - 1 })).toBe(false);
  });

  it("stops following new content only when the reader moves up", () => {
    // Content grew under a reader who was following: the scroll event is not theirs.
    expect(keepsFollowing({ following: true, atBottom: false, top: 1_500, lastTop: 1_500 })).toBe(true);
    expect(keepsFollowing({ following: true, atBottom: false, top: 1_400, lastTop: 1_500 })).toBe(false);
    // Scrolling down part of the way does not start following again; reaching the bottom does.
    expect(keepsFollowing({ following: false, atBottom: false, top: 1_450, lastTop: 1_400 })).toBe(false);
    expect(keepsFollowing({ following: false, atBottom: true, top: 1_500, lastTop: 1_400 })).toBe(true);
  });
});
