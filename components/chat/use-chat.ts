"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { MESSAGE_MAX_LENGTH, SEND_WAITS_FOR_CHAT_MS } from "@/lib/constants";
import { readEventStream } from "@/lib/chat/event-stream";
import { readError } from "@/lib/errors";
import { ApiError, apiFetch, listOrEmptyWhenSignedOut } from "@/lib/fetcher";
import type { ChatMessage, MessageReply } from "@/lib/server/present/api-types";
import type { DraftImage } from "./types";

export const MESSAGES_KEY = "/api/messages";

/** Where a conversation lives: the owner's own at "/", or a visitor's on a share. */
export interface ChatSource {
  /** The cache key of the conversation; null while it cannot be loaded yet. */
  key: string | null;
  list: () => Promise<ChatMessage[]>;
  postUrl: string;
  /** The POST body for a question (the two routes name the text differently). */
  body: (question: { text: string; image: DraftImage | null | undefined; clientId: string }) => Record<string, unknown>;
  /** A copy to show before the server answers (the visitor's cached conversation). */
  fallbackData?: ChatMessage[];
  /**
   * Known to be empty without asking (a guest's new session, a public share): nothing is fetched,
   * and the chat is ready as first drawn, on the server too, instead of loading for a round trip.
   */
  empty?: boolean;
  /** Extra headers of the POST (a framed share page's guest key), and what to read from its answer. */
  requestHeaders?: () => Record<string, string>;
  onResponse?: (res: Response) => void;
  /** Where start over deletes the conversation (the owner's own chat only). */
  clearUrl?: string;
  /** Where a reply's vote goes, and what else its body names (a guest's session id); absent: replies cannot be rated (a public share keeps none). */
  rating?: { url: (messageId: string) => string; body?: () => Record<string, unknown> };
}

const NO_MESSAGES: ChatMessage[] = [];

const ownChats = new Map<string, ChatSource>();

/**
 * The owner's conversation with one of their assistants, each under a key of its own. One object
 * per assistant, so a render does not make the chat's callbacks anew.
 */
export function ownChat(assistantId: string): ChatSource {
  let source = ownChats.get(assistantId);
  if (!source) {
    const url = `${MESSAGES_KEY}?assistantId=${encodeURIComponent(assistantId)}`;
    source = {
      key: url,
      list: () => listOrEmptyWhenSignedOut<ChatMessage>(url),
      postUrl: MESSAGES_KEY,
      body: ({ text, image, clientId }) => ({ content: text, imageData: image?.dataUrl, imageFileName: image?.file.name, clientId, assistantId }),
      clearUrl: url,
      rating: { url: (messageId) => `${MESSAGES_KEY}/${encodeURIComponent(messageId)}/rating` },
    };
    ownChats.set(assistantId, source);
  }
  return source;
}

/** A reply's vote: thumbs up or down with an optional comment, or null to take it back. */
export interface ReplyVote {
  rating: "up" | "down" | null;
  comment?: string | null;
}

export interface ChatOptions {
  /** A refused send the caller deals with itself (sign-in required, a session id taken): no toast. */
  onRefused?: (error: ApiError, question: { text: string; image: DraftImage | null | undefined }) => boolean;
}

export interface SendOptions {
  /** No toast for an ordinary failure (the caller says it in its own words). */
  quiet?: boolean;
  /** The question was not sent and nothing else took it over (no sign-in, no resend): the input gives the draft back. */
  onUnsent?: () => void;
}

function isTooLong(error: unknown): boolean {
  return error instanceof ApiError && error.hasCode("validation") && error.detailMessages.includes("validation.chatMessageTooLong");
}

function newClientId(): string {
  return `msg_${Date.now().toString(36)}_${crypto.getRandomValues(new Uint32Array(2)).join("")}`;
}

/**
 * The owner's conversation and its send flow (docs/rules/chat.md#sending-a-message): the question shows at once as a temporary
 * entry, the reply streams into a temporary assistant bubble, and both are replaced by the server's
 * messages; on failure the temporary entries go and a toast says so. A model failure comes back as
 * an error reply (isError) and stays.
 */
export function useChat(source: ChatSource, options: ChatOptions = {}) {
  const t = useTranslations("chat");
  const swr = useSWR<ChatMessage[]>(source.key, source.list, {
    fallbackData: source.empty ? NO_MESSAGES : source.fallbackData,
    // A cached copy is shown at once, but the server's is still fetched (the app's SWR settings
    // would otherwise take the copy as fresh).
    revalidateOnMount: source.empty ? false : source.fallbackData ? true : undefined,
    onError: () => toast.error(t("loadFailed"), { id: "messages-load-failed" }),
  });
  const { mutate } = swr;
  const ready = source.key !== null && !swr.isLoading;
  const { latest, untilReady } = useReadiness(source, ready);
  // A question asked before the conversation could load, shown while it waits (SWR keeps nothing under no key).
  const [waiting, setWaiting] = useState<ChatMessage | null>(null);
  const [sending, setSending] = useState(false);
  const [streaming, setStreaming] = useState<ChatMessage | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [clearing, setClearing] = useState(false);
  const busy = useRef(false);

  const send = useCallback(
    async (content: string, image?: DraftImage | null, sendOptions: SendOptions = {}): Promise<MessageReply | null> => {
      const text = content.trim();
      if ((!text && !image) || busy.current) return null;
      busy.current = true;
      setSending(true);
      const clientId = newClientId();
      const streamingId = `temp-reply-${clientId}`;
      const now = new Date().toISOString();
      const temporary: ChatMessage = {
        id: `temp-${clientId}`,
        role: "user",
        content: text,
        imageData: image?.dataUrl ?? null,
        imageFileName: image?.file.name ?? null,
        createdAt: now,
        isError: false,
        sources: [],
        pending: true,
      };
      try {
        // Who is visiting, or their conversation, is still being asked (a share page shown before
        // either came): the question waits for it in view, so that it and its reply land in the
        // conversation rather than under no key at all. A conversation that never loads (a key
        // that never comes) ends as any unsent question does.
        if (!latest.current.ready) {
          setWaiting(temporary);
          if (!(await untilReady(SEND_WAITS_FOR_CHAT_MS)) && latest.current.source.key === null) throw new Error("the conversation did not load");
          setWaiting(null);
        }
        const source = latest.current.source;
        await mutate((current) => [...(current ?? []), temporary], { revalidate: false });
        const res = await fetch(source.postUrl, {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json", accept: "text/event-stream", ...source.requestHeaders?.() },
          body: JSON.stringify(source.body({ text, image, clientId })),
        });
        source.onResponse?.(res);
        let result: MessageReply | null = null;
        if (res.ok && (res.headers.get("content-type") ?? "").includes("text/event-stream") && res.body) {
          let reply = "";
          for await (const event of readEventStream(res.body)) {
            if (event.event === "delta") {
              reply += (event.data as { text: string }).text;
              setStreaming({ ...temporary, id: streamingId, role: "assistant", content: reply, imageData: null, imageFileName: null });
            } else if (event.event === "done") {
              result = event.data as MessageReply;
            } else if (event.event === "error") {
              throw new Error(readError(event.data).message ?? "stream failed");
            }
          }
        } else {
          const body = (await res.json().catch(() => null)) as MessageReply | null;
          // A 500 may still carry the stored error reply (docs/rules/chat.md#error-replies).
          if (body?.aiMessage && body.userMessage) result = body;
          else throw new ApiError(res.status, body, JSON.stringify(body));
        }
        if (!result) throw new Error("the reply ended early");
        const done = result;
        const shown = [
          { ...done.userMessage, renderKey: temporary.id },
          { ...done.aiMessage, renderKey: streamingId },
        ];
        await mutate((current) => [...(current ?? []).filter((m) => m.id !== temporary.id), ...shown], { revalidate: false });
        return done;
      } catch (error) {
        await mutate((current) => (current ?? []).filter((m) => m.id !== temporary.id), { revalidate: false });
        const handled = error instanceof ApiError && options.onRefused?.(error, { text, image });
        if (!handled) {
          sendOptions.onUnsent?.();
          // Refused for its length (the words an image's analysis adds can take a message past it):
          // say so, rather than suggest the server failed and trying again later would help.
          if (isTooLong(error)) toast.error(t("sendFailedTitle"), { description: t("messageTooLong", { count: text.length, max: MESSAGE_MAX_LENGTH }) });
          else if (!sendOptions.quiet) toast.error(t("sendFailedTitle"), { description: t("sendFailedBody") });
        }
        return null;
      } finally {
        setWaiting(null);
        setStreaming(null);
        setSending(false);
        busy.current = false;
      }
    },
    [mutate, t, latest, untilReady, options],
  );

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await mutate(await source.list(), { revalidate: false });
    } catch {
      toast.error(t("refreshFailed"));
    } finally {
      setRefreshing(false);
    }
  }, [mutate, t, source]);

  const clear = useCallback(async () => {
    if (!source.clearUrl) return false;
    setClearing(true);
    try {
      await apiFetch(source.clearUrl, { method: "DELETE" });
      await mutate([], { revalidate: false });
      toast.success(t("cleared"));
      return true;
    } catch {
      toast.error(t("clearFailed"));
      return false;
    } finally {
      setClearing(false);
    }
  }, [mutate, t, source]);

  // The vote comes back with the reply as stored, which replaces it in the conversation; a failure is the caller's to say.
  const rate = useMemo(() => {
    const rating = source.rating;
    if (!rating) return undefined;
    return async (messageId: string, vote: ReplyVote): Promise<ChatMessage> => {
      const stored = await apiFetch<ChatMessage>(rating.url(messageId), { method: "PUT", headers: source.requestHeaders?.(), json: { ...rating.body?.(), rating: vote.rating, comment: vote.comment ?? undefined } });
      await mutate((current) => current?.map((m) => (m.id === stored.id ? { ...m, rating: stored.rating, ratingComment: stored.ratingComment } : m)), { revalidate: false });
      return stored;
    };
  }, [source, mutate]);

  const messages = swr.data ?? NO_MESSAGES;
  return { rate, messages: waiting ? [...messages, waiting] : messages, loading: swr.isLoading, ready, sending, streaming, refreshing, clearing, send, refresh, clear };
}

/**
 * The chat's source and readiness as of the last commit, for a send that outlives its render, and
 * a wait for readiness (false if it did not come in time).
 */
function useReadiness(source: ChatSource, ready: boolean) {
  const latest = useRef({ source, ready });
  const wakers = useRef(new Set<() => void>());
  // After SWR's own layout effect has moved its bound mutate to the new key.
  useEffect(() => {
    latest.current = { source, ready };
    if (!ready) return;
    for (const wake of wakers.current) wake();
    wakers.current.clear();
  });
  const untilReady = useCallback(
    (ms: number) =>
      new Promise<boolean>((resolve) => {
        const wake = () => {
          window.clearTimeout(timer);
          resolve(true);
        };
        const timer = window.setTimeout(() => {
          wakers.current.delete(wake);
          resolve(false);
        }, ms);
        wakers.current.add(wake);
      }),
    [],
  );
  return { latest, untilReady };
}
