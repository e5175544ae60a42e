"use client";

import { useEffect, useMemo, useState } from "react";
import { listOrEmptyWhenSignedOut } from "@/lib/fetcher";
import { guestSessionId, openMessagesCache, replaceGuestSessionId, saveMessagesCache } from "@/lib/shared/guest-storage";
import type { VisitorShare } from "@/lib/shared/load-share";
import { useChat, type ChatOptions, type ChatSource } from "@/components/chat/use-chat";
import type { ChatMessage } from "@/components/chat/types";
import type { GuestAuthStatus } from "./use-guest-auth";

/**
 * A visitor's conversation on a share (SPEC §4 "Shared assistants"): public mode has no session id
 * and nothing to load; otherwise the browser's session id for this share is made first, the cached
 * copy shown while the server's loads (unless the page was refreshed > 2 s after the last visit),
 * and every change kept in the cache. Nothing loads until it is known who is visiting.
 */
export function useSharedChat(share: VisitorShare, viewer: GuestAuthStatus | undefined, options: ChatOptions) {
  const [session, setSession] = useState<{ id: string; cached: ChatMessage[] | null } | null>(null);
  const needsSession = !share.isPublicMode;

  useEffect(() => {
    if (!needsSession) return;
    const id = guestSessionId(localStorage, share.shareId);
    setSession({ id, cached: openMessagesCache(localStorage, share.shareId, id) });
  }, [needsSession, share.shareId]);

  // A google_required share shows nothing to someone not signed in (the server would answer 401).
  const locked = share.accessMode === "google_required" && !viewer?.isAuthenticated;
  const source = useMemo<ChatSource>(() => {
    const base = `/api/shared-assistants/${encodeURIComponent(share.shareId)}/messages`;
    const url = session ? `${base}?sessionId=${encodeURIComponent(session.id)}` : base;
    const ready = viewer !== undefined && (!needsSession || session !== null);
    return {
      // The viewer is part of the key: signing in or out is another conversation.
      key: ready ? `${url}#${viewer.user?.id ?? "guest"}` : null,
      list: () => (locked || share.isPublicMode ? Promise.resolve([]) : listOrEmptyWhenSignedOut<ChatMessage>(url)),
      postUrl: base,
      body: ({ text, image, clientId }) => ({ message: text, sessionId: session?.id, imageData: image?.dataUrl, imageFileName: image?.file.name, clientId }),
      fallbackData: locked ? undefined : (session?.cached ?? undefined),
    };
  }, [share.shareId, share.isPublicMode, session, viewer, needsSession, locked]);

  const chat = useChat(source, options);

  useEffect(() => {
    if (session && !chat.loading) saveMessagesCache(localStorage, share.shareId, session.id, chat.messages);
  }, [session, chat.loading, chat.messages, share.shareId]);

  /** The server refused this id as another browser's: start a new one. */
  const renewSession = () => {
    const id = replaceGuestSessionId(localStorage, share.shareId);
    setSession({ id, cached: null });
  };

  return { chat, ready: source.key !== null && !chat.loading, renewSession };
}
