"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { useTranslations } from "next-intl";
import { Info } from "lucide-react";
import { detectInAppBrowser } from "@/lib/chat/in-app-browser";
import { apiFetch } from "@/lib/fetcher";
import { isMobile } from "@/lib/google-auth-flow";
import { ChatHeader } from "./chat-header";
import { ChatInput } from "./chat-input";
import { MessageBubble } from "./message-bubble";
import { PromoBanner } from "./promo-banner";
import { SuggestionsPanel } from "./suggestions-panel";
import { ThinkingIndicator } from "./thinking-indicator";
import { useChat } from "./use-chat";
import { useSuggestions } from "./use-suggestions";
import { ASSISTANT_KEY } from "./assistant-settings-dialog";

interface AssistantProfile {
  name: string;
  rolePrompt: string;
}

function useDevice() {
  // Unknown until the browser is read: nothing that depends on it (suggestions) starts before.
  const [device, setDevice] = useState({ known: false, mobile: false, inApp: false });
  useEffect(() => {
    const update = () => setDevice({ known: true, mobile: isMobile(navigator.userAgent, window.innerWidth), inApp: detectInAppBrowser(navigator.userAgent) !== null });
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return device;
}

/** The chat of the workspace (normal mode): header, conversation, suggestions and the input bar. */
export function ChatScreen({ emptyState }: { emptyState: React.ReactNode }) {
  const t = useTranslations("chat");
  const chat = useChat();
  const { data: assistant } = useSWR<AssistantProfile>(ASSISTANT_KEY, (url: string) => apiFetch<AssistantProfile>(url));
  const { known, mobile, inApp } = useDevice();
  const { suggestions, dismiss } = useSuggestions({
    messages: chat.messages,
    loaded: !chat.loading,
    enabled: known && !inApp && !chat.sending,
    assistantName: assistant?.name ?? "",
    assistantRole: assistant?.rolePrompt ?? "",
  });
  const end = useRef<HTMLDivElement>(null);

  // Scroll to the newest message after every change, and as a reply streams in.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [chat.messages.length, chat.streaming?.content, chat.sending]);

  const busy = chat.sending || chat.clearing;
  const empty = !chat.loading && chat.messages.length === 0;

  return (
    <div className="mx-auto flex min-h-[calc(100dvh-10rem)] max-w-3xl flex-col gap-3" data-testid="chat-screen">
      <ChatHeader
        assistantName={assistant?.name ?? ""}
        rolePrompt={assistant?.rolePrompt ?? null}
        hasMessages={chat.messages.length > 0}
        refreshing={chat.refreshing}
        clearing={chat.clearing}
        mobile={mobile}
        onRefresh={() => void chat.refresh()}
        onClear={() => void chat.clear()}
      />
      <PromoBanner />
      {inApp && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="in-app-tip">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t("inAppTip")}
        </p>
      )}
      <div className="flex-1">
        {empty ? (
          emptyState
        ) : (
          <ol className="space-y-5 py-2" aria-live="polite" data-testid="message-list">
            {chat.messages.map((m) => (
              <MessageBubble key={m.id} message={m} />
            ))}
            {chat.streaming ? <MessageBubble message={chat.streaming} /> : chat.sending && <ThinkingIndicator />}
          </ol>
        )}
        <div ref={end} />
      </div>
      <div className="sticky bottom-0 space-y-2 bg-background/95 pt-2 pb-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <SuggestionsPanel suggestions={suggestions} mobile={mobile} disabled={busy} onPick={(q) => void chat.send(q)} onDismiss={dismiss} />
        <ChatInput busy={busy} mobile={mobile} onSend={(text, image) => chat.send(text, image)} />
      </div>
    </div>
  );
}
