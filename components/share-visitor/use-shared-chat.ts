"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { localStore } from "@/lib/browser-storage";
import { GUEST_KEY_HEADER } from "@/lib/constants";
import { listOrEmptyWhenSignedOut } from "@/lib/fetcher";
import { isFramed } from "@/lib/google-auth-flow";
import { guestSessionId, hasGuestSessionId, openMessagesCache, replaceGuestSessionId, saveMessagesCache } from "@/lib/share-visitor/guest-storage";
import type { VisitorShare } from "@/lib/server/present/api-types";
import { useChat, type ChatOptions, type ChatSource } from "@/components/chat/use-chat";
import type { ChatMessage } from "@/lib/server/present/api-types";
import type { DraftImage } from "@/components/chat/types";
import type { GuestAuthStatus } from "./use-guest-auth";

type Question = { text: string; image: DraftImage | null | undefined };

/**
 * A visitor's conversation on a share (docs/rules/sharing.md#public-mode): public mode has no session id
 * and nothing to load; otherwise the browser's session id for this share is made first, the cached
 * copy shown while the server's loads (unless the page was refreshed > 2 s after the last visit),
 * and every change kept in the cache. Nothing loads until it is known who is visiting.
 */
export function useSharedChat(share: VisitorShare, viewer: GuestAuthStatus | undefined, options: ChatOptions) {
  // fresh: the id was made just now, so the server can hold no conversation of a guest under it.
  const [session, setSession] = useState<{ id: string; cached: ChatMessage[] | null; fresh: boolean } | null>(null);
  const needsSession = !share.isPublicMode;

  useEffect(() => {
    if (!needsSession) return;
    const store = localStore();
    const fresh = !hasGuestSessionId(store, share.shareId);
    const id = guestSessionId(store, share.shareId);
    setSession({ id, cached: openMessagesCache(store, share.shareId, id), fresh });
  }, [needsSession, share.shareId]);

  // Framed by another site, the browser may keep no guest-key cookie: the page then holds the key
  // the server gave it, for as long as it is open (lib/server/policies/guest-identity.ts).
  const frameKey = useRef<string | null>(null);

  // A google_required share shows nothing to someone not signed in (the server would answer 401).
  const locked = share.accessMode === "google_required" && !viewer?.isAuthenticated;
  const source = useMemo<ChatSource>(() => {
    const base = `/api/shared-assistants/${encodeURIComponent(share.shareId)}/messages`;
    const url = session ? `${base}?sessionId=${encodeURIComponent(session.id)}` : base;
    const ready = viewer !== undefined && (!needsSession || session !== null);
    const frameHeaders = (): Record<string, string> => (isFramed(window) ? { [GUEST_KEY_HEADER]: frameKey.current ?? "new" } : {});
    return {
      // The viewer is part of the key: signing in or out is another conversation.
      key: ready ? `${url}#${viewer.user?.id ?? "guest"}` : null,
      list: () => listOrEmptyWhenSignedOut<ChatMessage>(url, { headers: frameHeaders() }),
      // A first visit (a guest with a new id) has nothing to load: the chat is ready a round trip sooner.
      empty: locked || share.isPublicMode || (session?.fresh === true && !viewer?.user),
      postUrl: base,
      body: ({ text, image, clientId }) => ({ message: text, sessionId: session?.id, imageData: image?.dataUrl, imageFileName: image?.file.name, clientId }),
      fallbackData: locked ? undefined : (session?.cached ?? undefined),
      requestHeaders: frameHeaders,
      ...(!share.isPublicMode && { rating: { url: (messageId: string) => `${base}/${encodeURIComponent(messageId)}/rating`, body: () => ({ sessionId: session?.id }) } }),
      onResponse: (res) => {
        frameKey.current = res.headers.get(GUEST_KEY_HEADER) ?? frameKey.current;
      },
    };
  }, [share.shareId, share.isPublicMode, session, viewer, needsSession, locked]);

  const chat = useChat(source, options);

  useEffect(() => {
    if (session && !chat.loading) saveMessagesCache(localStore(), share.shareId, session.id, chat.messages);
  }, [session, chat.loading, chat.messages, share.shareId]);

  // The question the server refused with the old id, sent again once the new one is in place.
  const resend = useRef<{ question: Question; sessionId: string } | null>(null);
  const lastResent = useRef<Question | null>(null);

  /**
   * The server refused this id as another browser's (the id was copied): start a new one, and
   * send the refused question again with it. Once only: a question refused again is left to the
   * visitor (false).
   */
  const renewSession = (question?: Question): boolean => {
    const again = question !== undefined && lastResent.current !== null && lastResent.current.text === question.text && lastResent.current.image === question.image;
    const id = replaceGuestSessionId(localStore(), share.shareId);
    resend.current = question && !again ? { question, sessionId: id } : null;
    lastResent.current = null;
    setSession({ id, cached: null, fresh: true });
    return resend.current !== null;
  };

  const { send, sending, ready } = chat;
  useEffect(() => {
    if (!ready || sending || !resend.current || resend.current.sessionId !== session?.id) return;
    const { question } = resend.current;
    resend.current = null;
    lastResent.current = question;
    // Answered: a later refusal of the same words is a new one, to be resent as well.
    void send(question.text, question.image).then((result) => {
      if (result && lastResent.current === question) lastResent.current = null;
    });
  }, [ready, sending, send, session]);

  return { chat, ready, renewSession };
}
