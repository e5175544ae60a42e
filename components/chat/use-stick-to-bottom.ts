"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { isAtBottom, keepsFollowing } from "@/lib/chat/scroll-position";

/**
 * Keeps a conversation's scroll region at its newest message: when the conversation first shows
 * (a reload lands at the bottom), when the reader sends, and while content grows or the region
 * shrinks (a streaming reply, an image loading, the suggestions panel appearing, a phone's
 * keyboard) as long as the reader is at the bottom. A reader who scrolled up is left where they
 * are, and `atBottom` turns false so a "jump to newest" button can show.
 */
export function useStickToBottom({ count, lastSentByReader }: { count: number; lastSentByReader: string | null }) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // A ref for the observers (no re-render per scroll event), state for the button.
  const stuck = useRef(true);
  // An empty conversation (the welcome, the cards, the guide) is read from its top: following its
  // growth scrolled a phone past the welcome.
  const hasMessages = useRef(count > 0);
  useLayoutEffect(() => {
    hasMessages.current = count > 0;
  }, [count]);
  const [atBottom, setAtBottom] = useState(true);

  const toBottom = useCallback((behavior: ScrollBehavior = "auto") => {
    const el = scroller.current;
    if (!el) return;
    stuck.current = true;
    setAtBottom(true);
    el.scrollTo({ top: el.scrollHeight, behavior });
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let lastTop = el.scrollTop;
    // Only the reader moving up unsticks (keepsFollowing): taking any scroll event away from the
    // bottom for that once left a reply half hidden under the suggestions.
    const onScroll = () => {
      const top = el.scrollTop;
      stuck.current = keepsFollowing({ following: stuck.current, atBottom: isAtBottom(el), top, lastTop });
      lastTop = top;
      setAtBottom(stuck.current);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    // Growth does not fire scroll events: follow it while stuck.
    const observer = new ResizeObserver(() => {
      if (stuck.current && hasMessages.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  // The first time there is a conversation to show (a reload, a cached copy), start at its end.
  const shown = count > 0;
  useLayoutEffect(() => {
    if (shown) toBottom();
  }, [shown, toBottom]);

  // The reader's own question always brings the conversation to the bottom, wherever they were.
  useLayoutEffect(() => {
    if (lastSentByReader) toBottom();
  }, [lastSentByReader, toBottom]);

  return { scroller, content, atBottom, toBottom };
}
