"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { READER_GESTURE_MS, READER_GESTURE_TAIL_MS, exchangeScrollTop, followAfterScroll, followScrollTop, isAtBottom, layoutChanged, scrollCause, type Exchange, type Follow, type RegionLayout } from "@/lib/chat/scroll-position";
import { MESSAGES_ATTRIBUTE } from "./chat-layout";

/**
 * Keeps a conversation's newest exchange in view, read from its start (lib/chat/scroll-position.ts):
 * when the conversation first shows (a reload) and when the reader sends, the question and then its
 * reply come into view; while the reply grows (streaming, an image or link cards loading, the
 * suggestions arriving under it) or the region shrinks (a phone's keyboard), the region follows
 * only until the reply's first line, or the question when both fit, reaches its top: a long
 * reply is read from its first line, not its last. Until the reader scrolls, what moves the region
 * as the content changes (content shrinking, the browser keeping something in view) is undone; a
 * scroll made for the reader with nothing changed (find in page, a screen reader) counts as theirs. A reader who
 * scrolled up is left where they are, and `readerAway` turns true so a "jump to newest" button can show; the button, or the
 * reader scrolling down to the end, follows the end.
 */
export function useNewestInView({ count, lastSentByReader }: { count: number; lastSentByReader: string | null }) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // A ref for the observers (no re-render per scroll event), state for the button.
  const follow = useRef<Follow>("exchange");
  const [readerAway, setReaderAway] = useState(false);
  // Where this hook last put the region, and the sizes it was put there for, until the reader
  // scrolls it (null from then on).
  const placed = useRef<Placed | null>(null);
  // An empty conversation (the welcome, the cards, the guide) is read from its top: following its
  // growth scrolled a phone past the welcome.
  const hasMessages = useRef(count > 0);
  useLayoutEffect(() => {
    hasMessages.current = count > 0;
  }, [count]);

  const setFollow = useCallback((next: Follow) => {
    follow.current = next;
    // Written on the element too, so a failing layout test can say what the region was following.
    scroller.current?.setAttribute("data-follow", next);
    setReaderAway(next === "free");
  }, []);

  const showExchange = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    setFollow("exchange");
    place(el, exchangeTop(el), placed);
  }, [setFollow]);

  const toBottom = useCallback(
    (behavior: ScrollBehavior = "auto") => {
      const el = scroller.current;
      if (!el) return;
      setFollow("bottom");
      placed.current = null;
      el.scrollTo({ top: el.scrollHeight, behavior });
    },
    [setFollow],
  );

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let lastTop = el.scrollTop;
    // Only the reader's own scrolling (wheel, touch, keys, the scroll bar) changes what is followed.
    let gestureUntil = 0;
    const onGesture = () => {
      gestureUntil = performance.now() + READER_GESTURE_MS;
    };
    const onPointerDown = (event: PointerEvent) => {
      // On the region itself, not on a message in it: its scroll bar.
      if (event.target === el) onGesture();
    };
    const onKey = (event: KeyboardEvent) => {
      // Tab too: focus moved into the conversation by the keyboard is brought into view, and stays.
      const typing = event.target instanceof HTMLElement && !!event.target.closest("input, textarea, select, [contenteditable]");
      if (event.key === "Tab" || (SCROLL_KEYS.has(event.key) && !typing)) onGesture();
    };
    const onScroll = () => {
      const top = el.scrollTop;
      const byReader = performance.now() < gestureUntil;
      if (byReader) gestureUntil = Math.max(gestureUntil, performance.now() + READER_GESTURE_TAIL_MS);
      const cause = scrollCause({ top, placedTop: placed.current?.top ?? null, byReader, layoutChanged: layoutChanged(placed.current?.layout ?? null, el) });
      if (cause === "page" && placed.current !== null) {
        // Moved under the conversation while it showed the newest exchange: back to showing it.
        place(el, exchangeTop(el), placed);
      } else if (cause === "reader") {
        placed.current = null;
        setFollow(followAfterScroll({ follow: follow.current, atBottom: isAtBottom(el), top, lastTop, exchangeTop: exchangeTop(el) }));
      }
      lastTop = el.scrollTop;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("wheel", onGesture, { passive: true });
    el.addEventListener("touchstart", onGesture, { passive: true });
    el.addEventListener("touchmove", onGesture, { passive: true });
    el.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("wheel", onGesture);
      el.removeEventListener("touchstart", onGesture);
      el.removeEventListener("touchmove", onGesture);
      el.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [setFollow]);

  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    // Growth does not fire scroll events: follow it as far as `follow` says.
    const observer = new ResizeObserver(() => {
      if (!hasMessages.current) return;
      const isPlaced = placed.current !== null;
      const top = followScrollTop({ follow: follow.current, top: el.scrollTop, exchangeTop: exchangeTop(el), maxScroll: el.scrollHeight - el.clientHeight, placed: isPlaced });
      // Placed and already right: still placed, now for this layout (a scroll that follows
      // without the layout changing again is someone's choice, scrollCause).
      if (isPlaced) place(el, top ?? el.scrollTop, placed);
      else if (top !== null) el.scrollTop = top;
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // The first time there is a conversation to show (a reload, a cached copy): its newest exchange.
  const shown = count > 0;
  useLayoutEffect(() => {
    if (shown) showExchange();
  }, [shown, showExchange]);

  // The reader's own question always brings the newest exchange into view, wherever they were.
  useLayoutEffect(() => {
    if (lastSentByReader) showExchange();
  }, [lastSentByReader, showExchange]);

  return { scroller, content, readerAway, toBottom };
}

const SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

interface Placed {
  top: number;
  layout: RegionLayout;
}

/** Puts the region at `top` and remembers where it ended up (the browser clamps it to the content), and for what sizes. */
function place(el: HTMLElement, top: number, placed: { current: Placed | null }) {
  el.scrollTop = top;
  placed.current = { top: el.scrollTop, layout: { scrollHeight: el.scrollHeight, clientHeight: el.clientHeight } };
}

/** Where the region shows its newest exchange from the start (the last question, and what follows it). */
function exchangeTop(scroller: HTMLElement): number {
  return exchangeScrollTop(newestExchange(scroller), scroller);
}

function newestExchange(scroller: HTMLElement): Exchange {
  const list = scroller.querySelector(`[${MESSAGES_ATTRIBUTE}]`);
  const last = list?.lastElementChild;
  if (!last) return { questionTop: null, replyTop: null, bottom: scroller.scrollHeight };
  const origin = scroller.getBoundingClientRect().top - scroller.scrollTop;
  const top = (el: Element) => el.getBoundingClientRect().top - origin;
  let question: Element | null = last;
  while (question && question.getAttribute("data-role") !== "user") question = question.previousElementSibling;
  const reply = question ? question.nextElementSibling : last;
  return { questionTop: question ? top(question) : null, replyTop: reply ? top(reply) : null, bottom: last.getBoundingClientRect().bottom - origin };
}
