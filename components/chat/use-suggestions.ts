"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { MAX_INITIAL_QUESTIONS, SUGGESTION_HISTORY_MESSAGES } from "@/lib/constants";
import { apiFetch } from "@/lib/fetcher";
import { shuffleQuestions } from "@/lib/chat/shuffle";
import type { ChatMessage, FollowUpQuestions, OpeningQuestions } from "@/lib/server/present/api-types";

/**
 * 您可能想問 (docs/rules/chat.md#suggestions): with no messages, the initial questions (shuffled, at most 8); after each
 * reply, follow-ups from that reply and the last 6 messages. Failures show the server's fallback
 * lists or nothing, never an error. Off entirely in in-app browsers.
 */
export function useSuggestions(options: {
  messages: ChatMessage[];
  loaded: boolean;
  enabled: boolean;
  assistantName: string;
  assistantRole: string;
  /** Shared mode: the questions of this share, which the owner may have made afresh (forceRegenerate). */
  shareId?: string;
  /** The owner's chat: which of their assistants (its knowledge gives the questions). */
  assistantId?: string;
  /**
   * Opening questions already at hand (the shared page draws them with the chat): shown from the
   * first render, before the browser has been read, and again whenever the conversation is empty,
   * with nothing to fetch.
   */
  initial?: string[];
}) {
  const [suggestions, setSuggestions] = useState<string[]>(() => options.initial ?? []);
  const [dismissed, setDismissed] = useState(false);
  const lastReplyId = useRef<string | null>(null);
  // Whether suggestions are wanted now (not while a question is being sent), for answers that arrive late.
  const wanted = useRef(options.enabled);
  useEffect(() => {
    wanted.current = options.enabled;
  }, [options.enabled]);
  const { messages, loaded, enabled, assistantName, assistantRole, shareId, assistantId, initial } = options;
  const empty = loaded && messages.length === 0;
  // Another assistant is another conversation: nothing suggested for the last one stays, and its
  // answers still on their way are not taken for this one's.
  const [scope, setScope] = useState(assistantId);
  if (scope !== assistantId) {
    setScope(assistantId);
    setSuggestions([]);
    setDismissed(false);
  }
  useEffect(() => {
    lastReplyId.current = null;
  }, [assistantId]);

  useEffect(() => {
    if (!enabled || !empty) return;
    if (initial && initial.length > 0) return setSuggestions(initial);
    let cancelled = false;
    // The stored questions serve every visit; regenerating on each page load would be wasted work.
    const shared = shareId === undefined ? {} : { shareId, forceRegenerate: false };
    apiFetch<OpeningQuestions>("/api/initial-questions", { method: "POST", json: { assistantName, assistantRole, assistantId, ...shared } })
      .then(({ questions }) => !cancelled && setSuggestions(shuffleQuestions(questions).slice(0, MAX_INITIAL_QUESTIONS)))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [enabled, empty, assistantName, assistantRole, shareId, assistantId, initial]);

  const last = messages.at(-1);
  // Before the reply is painted: the previous reply's follow-ups must not show under it for a frame.
  useLayoutEffect(() => {
    if (!enabled || !last || last.role !== "assistant" || last.pending || last.isError || last.id === lastReplyId.current) return;
    const replyId = last.id;
    lastReplyId.current = replyId;
    setSuggestions([]);
    setDismissed(false);
    const history = messages.slice(-SUGGESTION_HISTORY_MESSAGES).map((m) => ({ role: m.role, content: m.content }));
    // Not cancelled when this effect runs again for the same reply (the assistant's name arriving,
    // the list revalidated): that run returns early above, and the follow-ups would never show.
    // A newer reply, or a question sent meanwhile, makes these stale instead.
    apiFetch<FollowUpQuestions>("/api/ai-suggestions", { method: "POST", json: { assistantMessage: last.content, conversationHistory: history, assistantName, assistantRole, shareId, assistantId } })
      .then(({ suggestions: next }) => lastReplyId.current === replyId && wanted.current && setSuggestions(next))
      .catch(() => undefined);
  }, [enabled, last, messages, assistantName, assistantRole, shareId, assistantId]);

  const dismiss = useCallback(() => setDismissed(true), []);
  return { suggestions: dismissed ? [] : suggestions, dismiss };
}
