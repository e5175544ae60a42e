"use client";

import { useCallback, useEffect, useRef } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { localStore } from "@/lib/browser-storage";
import { dataUrlToFile, messageWithImageAnalysis } from "@/lib/chat/analyze-image";
import { ApiError } from "@/lib/fetcher";
import { isFramed } from "@/lib/google-auth-flow";
import { savePendingMessage, takePendingMessage } from "@/lib/share-visitor/guest-storage";
import type { VisitorShare } from "@/lib/server/present/api-types";
import { SEND_PENDING_EVENT, takeReplayRequest } from "@/lib/share-visitor/pending-replay";
import { ChatConversation } from "@/components/chat/chat-conversation";
import { PromoBanner } from "@/components/chat/promo-banner";
import type { Device } from "@/components/chat/use-device";
import { useSuggestions } from "@/components/chat/use-suggestions";
import type { DraftImage } from "@/components/chat/types";
import { OwnerCanReadNotice } from "./owner-can-read-notice";
import { SignInUnavailableNotice } from "./sign-in-unavailable-notice";
import { InAppWarning } from "./in-app-warning";
import { SHARED_LAYOUT } from "./shared-layout";
import { useGoogleSignIn } from "./use-google-sign-in";
import { useGuestAuth } from "./use-guest-auth";
import { useSharedChat } from "./use-shared-chat";

// Only the share's owner ever sees the pinned announcement: its code is not every visitor's.
// (`loading`: a Suspense boundary of its own, so the chat is not suspended while it arrives.)
const AnnouncementPanel = dynamic(() => import("./announcement-panel").then((m) => m.AnnouncementPanel), { loading: () => null });

/**
 * The chat screen in shared mode: the visitor's conversation with the shared assistant, its
 * opening questions, and on a google_required share the sign-in before sending, with the draft
 * kept and replayed after sign-in (docs/rules/sharing.md#pending-message).
 */
export function SharedChat({
  share,
  device,
  googleEnabled,
  promo,
  openingQuestions,
  emptyState,
  onReady,
}: {
  share: VisitorShare;
  device: Device;
  /** Whether this server has Google sign-in: without it a google_required share cannot send Google sign-in's way. */
  googleEnabled: boolean;
  /** Whether the promotion banner is drawn before this browser's storage has been read. */
  promo: boolean;
  /** The opening questions the server drew with the chat (ServedShare). */
  openingQuestions?: string[];
  /** The empty chat, told whether the suggestions panel is shown beside it. */
  emptyState: (suggestionsShown: boolean) => React.ReactNode;
  onReady: () => void;
}) {
  const t = useTranslations("shared");
  const { data: viewer } = useGuestAuth();
  const signIn = useGoogleSignIn(share.shareId);
  const analyzeUrl = `/api/analyze-image?shareId=${encodeURIComponent(share.shareId)}`;

  const signInFirst = useCallback(
    (text: string, image: DraftImage | null) => {
      // Framed on another site, sign-in continues in a tab of its own, whose storage is not this
      // frame's: there is no draft to hand over (useGoogleSignIn says where to go on).
      if (!isFramed(window)) {
        savePendingMessage(localStore(), { message: text, imageData: image?.dataUrl ?? null, imageFileName: image?.file.name ?? null, timestamp: Date.now(), shareId: share.shareId });
        toast.info(t("signInToContinue"));
      }
      signIn();
    },
    [share.shareId, signIn, t],
  );

  const renew = useRef<(question: { text: string; image: DraftImage | null | undefined }) => boolean>(() => false);
  const { chat, ready, renewSession } = useSharedChat(share, viewer, {
    onRefused: (error: ApiError, question) => {
      const body = error.body as { requireAuth?: boolean } | null;
      if (error.hasCode("unauthorized") && body?.requireAuth) {
        signInFirst(question.text, question.image ?? null);
        return true;
      }
      // The session id is another browser's: a new one is made and the question sent again with it.
      if (error.hasCode("conflict")) return renew.current(question);
      return false;
    },
  });
  renew.current = renewSession;

  useEffect(() => {
    if (ready) onReady();
  }, [ready, onReady]);

  const needsSignIn = share.accessMode === "google_required" && viewer !== undefined && !viewer.isAuthenticated;
  // Sending would lead to a Google sign-in that does not exist: say so instead of a dead end.
  const signInUnavailable = needsSignIn && !googleEnabled;
  const { suggestions, dismiss } = useSuggestions({
    messages: chat.messages,
    loaded: ready,
    enabled: device.known && !device.inApp && !chat.sending && !signInUnavailable,
    assistantName: share.name,
    assistantRole: "",
    shareId: share.shareId,
    // None where picking one could not be sent (no Google sign-in on this server), as before.
    initial: signInUnavailable ? undefined : openingQuestions,
  });

  // The draft saved before sign-in, sent once the chat is ready and the visitor may send.
  const send = chat.send;
  const replay = useCallback(async () => {
    const pending = takePendingMessage(localStore(), share.shareId);
    if (!pending) return;
    let text = pending.message;
    let image: DraftImage | null = null;
    if (pending.imageData) {
      try {
        const file = await dataUrlToFile(pending.imageData, pending.imageFileName ?? "image");
        text = await messageWithImageAnalysis(analyzeUrl, file, file.name, text);
        image = { file, dataUrl: pending.imageData };
      } catch {
        toast.error(t("pendingImageFailedTitle"), { description: t("pendingImageFailedBody") });
      }
    }
    if (!text.trim() && !image) return;
    const result = await send(text, image, { quiet: true });
    if (!result) toast.error(t("pendingSendFailedTitle"), { description: t("pendingSendFailedBody") });
  }, [analyzeUrl, send, share.shareId, t]);

  const canReplay = ready && viewer !== undefined && !needsSignIn;
  useEffect(() => {
    if (!canReplay) return;
    if (takeReplayRequest(window)) void replay();
    const onRequest = () => {
      takeReplayRequest(window);
      void replay();
    };
    window.addEventListener(SEND_PENDING_EVENT, onRequest);
    return () => window.removeEventListener(SEND_PENDING_EVENT, onRequest);
  }, [canReplay, replay]);

  return (
    <div className={SHARED_LAYOUT.chat} data-testid="shared-chat">
      <div className={SHARED_LAYOUT.notices}>
        {share.isOwner && share.announcementEnabled && share.pinnedAnnouncement && <AnnouncementPanel shareId={share.shareId} text={share.pinnedAnnouncement} />}
        {device.inApp && <InAppWarning browser={device.inApp} />}
      </div>
      <ChatConversation
        chat={chat}
        emptyState={emptyState(suggestions.length > 0)}
        suggestions={suggestions}
        onDismissSuggestions={dismiss}
        onPickSuggestion={(q) => (needsSignIn ? signInFirst(q, null) : void chat.send(q))}
        mobile={device.mobile}
        analyzeUrl={analyzeUrl}
        onSignInToSend={needsSignIn ? signInFirst : undefined}
        // Previews are fetched for a workspace, in its owner's style: a visitor gets bare links.
        linkPreviews={false}
        inputNotice={signInUnavailable ? <SignInUnavailableNotice shareId={share.shareId} /> : undefined}
        // Public mode keeps no conversation, so there is nothing for the owner to read.
        inputFootnote={share.isPublicMode ? undefined : <OwnerCanReadNotice />}
        lead={<PromoBanner initiallyShown={promo} />}
      />
    </div>
  );
}
