"use client";

import { useFormatter, useTranslations } from "next-intl";
import { AlertTriangle, ArrowLeft } from "lucide-react";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { HighlightedText } from "./highlighted-text";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { useShareConversation } from "./use-share-conversations";

/** One conversation, message by message as the visitor saw it (text as text: nothing in it runs). */
export function ShareConversationView({ share, id, search, onBack }: { share: Pick<OwnerShare, "shareId">; id: string; search: string; onBack: () => void }) {
  const t = useTranslations("shareConversations");
  const format = useFormatter();
  const { data, error, isLoading, mutate } = useShareConversation(share, id);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });

  return (
    <section aria-labelledby="conversation-heading" className="flex min-h-0 flex-col gap-3" data-testid="conversation-view">
      <div className="flex flex-wrap items-center gap-2">
        {/* Phones show the list or a conversation: the way back to the list. */}
        <Button type="button" variant="ghost" size="sm" onClick={onBack} className="md:hidden" data-testid="conversation-back">
          <ArrowLeft />
          {t("back")}
        </Button>
        {data ? (
          <div className="min-w-0">
            <h3 id="conversation-heading" className="truncate font-semibold">
              {data.conversation.visitor === "guest" ? t("guest", { code: data.conversation.guestCode ?? "" }) : data.conversation.visitorName}
            </h3>
            <p className="text-xs text-muted-foreground">
              {t("startedAt", { date: when(data.conversation.startedAt) })} · {t("messages", { count: data.conversation.messageCount })}
            </p>
          </div>
        ) : (
          <h3 id="conversation-heading" className="sr-only">
            {t("open")}
          </h3>
        )}
      </div>
      {!data && isLoading ? (
        <DataLoading />
      ) : !data && error ? (
        <DataLoadError message={t("conversationLoadFailed")} onRetry={() => void mutate()} testId="conversation-error" />
      ) : data ? (
        <>
          {data.truncated ? (
            <p className="text-xs text-muted-foreground" role="note">
              {t("truncated", { shown: data.messages.length, total: data.conversation.messageCount })}
            </p>
          ) : null}
          <ol className="grid gap-3" data-testid="conversation-messages">
            {data.messages.map((m) => {
              const visitor = m.role === "user";
              return (
                <li key={m.id} className={cn("flex flex-col gap-1", visitor ? "items-end" : "items-start")} data-testid={`conversation-message-${m.role}`}>
                  <span className="text-xs text-muted-foreground">
                    {visitor ? t("visitorRole") : t("assistantRole")} · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                  </span>
                  <div
                    className={cn(
                      "max-w-[92%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[85%]",
                      visitor ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm border bg-card",
                      m.isError && "border-destructive/50 bg-destructive/10 text-foreground",
                    )}
                  >
                    {m.isError ? (
                      <span className="mb-1 flex items-center gap-1 text-xs font-medium text-destructive">
                        <AlertTriangle className="size-3.5" aria-hidden />
                        {t("errorReply")}
                      </span>
                    ) : null}
                    {m.imageData ? (
                      // eslint-disable-next-line @next/next/no-img-element -- a data: URL the visitor sent
                      <img src={m.imageData} alt={m.imageFileName ?? ""} className="mb-2 max-h-48 rounded-md object-contain" />
                    ) : null}
                    <HighlightedText text={m.content} term={search} />
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </section>
  );
}
