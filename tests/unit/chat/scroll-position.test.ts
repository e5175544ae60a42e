import { describe, expect, it } from "vitest";
import { EXCHANGE_MARGIN_PX, STICK_TO_BOTTOM_PX, exchangeScrollTop, followAfterScroll, followScrollTop, isAtBottom, layoutChanged, scrollCause } from "@/lib/chat/scroll-position";

// A region 500 px tall over a conversation whose newest question starts at 2,000 px.
const REGION = 500;
const box = (scrollHeight: number) => ({ scrollHeight, clientHeight: REGION });

describe("the conversation's scroll position", () => {
  it("counts a reader within a few lines of the end as at the bottom", () => {
    expect(isAtBottom({ scrollHeight: 2_000, clientHeight: 500, scrollTop: 1_500 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 2_000, clientHeight: 500, scrollTop: 1_500 - STICK_TO_BOTTOM_PX })).toBe(true);
    expect(isAtBottom({ scrollHeight: 2_000, clientHeight: 500, scrollTop: 1_500 - STICK_TO_BOTTOM_PX - 1 })).toBe(false);
  });
});

describe("where the newest exchange is shown from", () => {
  it("a question just sent, or a short exchange, ends the conversation: the region shows its end", () => {
    expect(exchangeScrollTop({ questionTop: 2_000, replyTop: null, bottom: 2_060 }, box(2_080))).toBe(2_080 - REGION);
    expect(exchangeScrollTop({ questionTop: 2_000, replyTop: 2_080, bottom: 2_200 }, box(2_220))).toBe(2_220 - REGION);
  });

  it("a question and reply that fit, with more under them (the suggestions): the question at the top", () => {
    expect(exchangeScrollTop({ questionTop: 2_000, replyTop: 2_080, bottom: 2_400 }, box(2_900))).toBe(2_000 - EXCHANGE_MARGIN_PX);
  });

  it("a reply taller than the question and reply can share: its first line at the top, not its last", () => {
    expect(exchangeScrollTop({ questionTop: 2_000, replyTop: 2_080, bottom: 4_500 }, box(4_520))).toBe(2_080 - EXCHANGE_MARGIN_PX);
    // Just too tall together: the reply alone.
    expect(exchangeScrollTop({ questionTop: 2_000, replyTop: 2_080, bottom: 2_000 + REGION }, box(2_600))).toBe(2_080 - EXCHANGE_MARGIN_PX);
    expect(exchangeScrollTop({ questionTop: 2_000, replyTop: 2_080, bottom: 2_000 + REGION - 2 * EXCHANGE_MARGIN_PX }, box(2_600))).toBe(2_000 - EXCHANGE_MARGIN_PX);
  });

  it("a reply with no question before it is shown from its start; a short conversation from the top", () => {
    expect(exchangeScrollTop({ questionTop: null, replyTop: 300, bottom: 2_000 }, box(2_020))).toBe(300 - EXCHANGE_MARGIN_PX);
    expect(exchangeScrollTop({ questionTop: 4, replyTop: 60, bottom: 200 }, box(REGION))).toBe(0);
  });
});

describe("following the conversation as it grows", () => {
  it("showing the exchange follows the growth down to the exchange's start, and never scrolls back up", () => {
    expect(followScrollTop({ follow: "exchange", top: 1_500, exchangeTop: 1_700, maxScroll: 1_700 })).toBe(1_700);
    // A streaming reply has pushed its first line to the top: the rest grows below, the view stays.
    expect(followScrollTop({ follow: "exchange", top: 2_072, exchangeTop: 2_072, maxScroll: 3_000 })).toBeNull();
    // The reader went on reading below it.
    expect(followScrollTop({ follow: "exchange", top: 2_600, exchangeTop: 2_072, maxScroll: 3_000 })).toBeNull();
  });

  it("where the reader has not scrolled since it was placed, the exchange's start is kept at the top both ways", () => {
    // Content above the question got shorter: the question would be left above the view.
    expect(followScrollTop({ follow: "exchange", top: 2_072, exchangeTop: 1_990, maxScroll: 3_000, placed: true })).toBe(1_990);
    // A long reply collapsed: question and reply fit again, so the question comes back into view.
    expect(followScrollTop({ follow: "exchange", top: 2_072, exchangeTop: 2_000, maxScroll: 2_400, placed: true })).toBe(2_000);
    expect(followScrollTop({ follow: "exchange", top: 1_500, exchangeTop: 1_700, maxScroll: 1_700, placed: true })).toBe(1_700);
    expect(followScrollTop({ follow: "exchange", top: 2_000, exchangeTop: 2_001, maxScroll: 3_000, placed: true })).toBeNull();
    // The reader scrolled since: not pulled back up.
    expect(followScrollTop({ follow: "exchange", top: 2_072, exchangeTop: 1_990, maxScroll: 3_000, placed: false })).toBeNull();
  });

  it("following the end follows the end; a reader who scrolled up is left alone", () => {
    expect(followScrollTop({ follow: "bottom", top: 2_072, exchangeTop: 2_072, maxScroll: 3_000 })).toBe(3_000);
    expect(followScrollTop({ follow: "free", top: 100, exchangeTop: 2_072, maxScroll: 3_000 })).toBeNull();
  });
});

describe("what a scroll event changes", () => {
  it("the reader moving up, away from the end, is left alone", () => {
    expect(followAfterScroll({ follow: "exchange", atBottom: false, top: 1_400, lastTop: 1_500, exchangeTop: 1_500 })).toBe("free");
    expect(followAfterScroll({ follow: "bottom", atBottom: false, top: 1_400, lastTop: 1_500, exchangeTop: 1_500 })).toBe("free");
  });

  it("an event in the same frame as growth not yet followed, or scrolling down part of the way, changes nothing", () => {
    expect(followAfterScroll({ follow: "exchange", atBottom: false, top: 1_500, lastTop: 1_500, exchangeTop: 1_700 })).toBe("exchange");
    expect(followAfterScroll({ follow: "exchange", atBottom: false, top: 1_800, lastTop: 1_700, exchangeTop: 1_700 })).toBe("exchange");
    expect(followAfterScroll({ follow: "free", atBottom: false, top: 1_450, lastTop: 1_400, exchangeTop: 1_700 })).toBe("free");
  });

  it("at the end of a short exchange the region still shows the exchange; the reader scrolling to the end follows the end", () => {
    expect(followAfterScroll({ follow: "exchange", atBottom: true, top: 1_700, lastTop: 1_600, exchangeTop: 1_700 })).toBe("exchange");
    expect(followAfterScroll({ follow: "exchange", atBottom: true, top: 2_900, lastTop: 2_800, exchangeTop: 2_072 })).toBe("bottom");
    expect(followAfterScroll({ follow: "free", atBottom: true, top: 2_900, lastTop: 2_800, exchangeTop: 2_072 })).toBe("bottom");
  });
});

describe("who moved the region", () => {
  const changed = { layoutChanged: true };
  it("the conversation's own placing, the reader's scrolling, or the page changing under it", () => {
    expect(scrollCause({ top: 2_000, placedTop: 2_000, byReader: false, ...changed })).toBe("own");
    expect(scrollCause({ top: 2_000.5, placedTop: 2_000, byReader: true, ...changed })).toBe("own");
    // Pulled up to the new end when the suggestions under the reply went away, or moved by the
    // browser keeping something in view: not the reader's choice.
    expect(scrollCause({ top: 1_900, placedTop: 2_000, byReader: false, ...changed })).toBe("page");
    expect(scrollCause({ top: 2_246, placedTop: 2_222, byReader: false, ...changed })).toBe("page");
    expect(scrollCause({ top: 2_000, placedTop: null, byReader: false, ...changed })).toBe("page");
    // A wheel, a touch or a scroll key just before: the reader.
    expect(scrollCause({ top: 1_900, placedTop: 2_000, byReader: true, ...changed })).toBe("reader");
    expect(scrollCause({ top: 2_000, placedTop: null, byReader: true, ...changed })).toBe("reader");
  });

  it("a scroll made for the reader while nothing changed under the region (find in page, a screen reader) is theirs", () => {
    expect(scrollCause({ top: 300, placedTop: 2_000, byReader: false, layoutChanged: false })).toBe("reader");
    expect(scrollCause({ top: 2_400, placedTop: 2_000, byReader: false, layoutChanged: false })).toBe("reader");
    // Not placed (the reader scrolled before): as before, only their own hand changes what is followed.
    expect(scrollCause({ top: 300, placedTop: null, byReader: false, layoutChanged: false })).toBe("page");
  });

  it("tells a changed layout by the content's height or the region's", () => {
    const placed = { scrollHeight: 3_000, clientHeight: 500 };
    expect(layoutChanged(placed, { scrollHeight: 3_000.5, clientHeight: 500 })).toBe(false);
    expect(layoutChanged(placed, { scrollHeight: 2_900, clientHeight: 500 })).toBe(true);
    expect(layoutChanged(placed, { scrollHeight: 3_000, clientHeight: 420 })).toBe(true);
    expect(layoutChanged(null, placed)).toBe(true);
  });
});
