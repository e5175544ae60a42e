"use client";

import { useEffect } from "react";
import { useTranslations } from "next-intl";
import { Info } from "lucide-react";
import { ChatConversation, preloadMessageList } from "./chat-conversation";
import { ChatHeader } from "./chat-header";
import { PromoBanner } from "./promo-banner";
import { ownChat, useChat } from "./use-chat";
import { useDevice } from "./use-device";
import { useSuggestions } from "./use-suggestions";
import { useCurrentAssistant, withAssistant } from "./current-assistant";

/**
 * The chat of the workspace (normal mode) with one of the owner's assistants (current-assistant.tsx;
 * the header switches): header, conversation, suggestions and the input bar.
 * `expectConversation`: the server found messages, so their code downloads beside their fetch.
 * `promo` and `mobileHint`: the promotion banner and a phone's input bar as the server drew them
 * (from the cookie and the user agent), so neither moves the page once this code has read the browser.
 */
export function ChatScreen({ emptyState, expectConversation, promo, mobileHint }: { emptyState: React.ReactNode; expectConversation: boolean; promo: boolean; mobileHint: boolean }) {
  const t = useTranslations("chat");
  const { assistant } = useCurrentAssistant();
  const chat = useChat(ownChat(assistant.id));
  const { known, mobile, inApp } = useDevice(mobileHint);
  useEffect(() => {
    if (expectConversation) preloadMessageList();
  }, [expectConversation]);
  const { suggestions, dismiss } = useSuggestions({
    messages: chat.messages,
    loaded: !chat.loading,
    enabled: known && !inApp && !chat.sending,
    assistantId: assistant.id,
    assistantName: assistant.name,
    assistantRole: assistant.rolePrompt,
  });

  return (
    // data-fill-viewport: the app shell gives this screen the window's height (see AppShell), so
    // the conversation scrolls in its own region and the header and input stay in view.
    <div className="flex min-h-0 flex-1 flex-col gap-2" data-fill-viewport data-testid="chat-screen">
      <div className="mx-auto w-full max-w-3xl shrink-0 space-y-2">
        <ChatHeader
        hasMessages={chat.messages.length > 0}
        sending={chat.sending}
        refreshing={chat.refreshing}
        clearing={chat.clearing}
        mobile={mobile}
        onRefresh={() => void chat.refresh()}
        onClear={() => void chat.clear()}
        />
        {inApp && (
          <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="in-app-tip">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("inAppTip")}
          </p>
        )}
      </div>
      <ChatConversation
        chat={chat}
        emptyState={emptyState}
        suggestions={suggestions}
        onDismissSuggestions={dismiss}
        onPickSuggestion={(q) => void chat.send(q)}
        mobile={mobile}
        lead={<PromoBanner initiallyShown={promo} />}
        analyzeUrl={withAssistant("/api/analyze-image", assistant.id)}
      />
    </div>
  );
}
