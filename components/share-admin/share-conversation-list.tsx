"use client";

import { useFormatter, useTranslations } from "next-intl";
import { MessageSquare, UserRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { HighlightedText } from "./highlighted-text";
import type { ShareConversationSummary } from "@/lib/server/present/api-types";

/** The page of conversations: who, when, how many messages, and the first question (or the match). */
export function ShareConversationList({
  conversations,
  selected,
  search,
  onSelect,
}: {
  conversations: ShareConversationSummary[];
  selected: string | null;
  search: string;
  onSelect: (id: string) => void;
}) {
  const t = useTranslations("shareConversations");
  const format = useFormatter();
  return (
    <ul className="grid gap-2" data-testid="conversation-list">
      {conversations.map((c) => {
        const current = c.id === selected;
        return (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onSelect(c.id)}
              aria-current={current || undefined}
              className={cn(
                "grid w-full gap-1 rounded-lg border p-3 text-left text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
                current ? "border-primary bg-primary/5" : "hover:bg-accent/50",
              )}
              data-testid="conversation-item"
              data-conversation-id={c.id}
            >
              <span className="flex min-w-0 items-center gap-2">
                <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 truncate font-medium" data-testid="conversation-visitor">
                  {c.visitor === "guest" ? t("guest", { code: c.guestCode ?? "" }) : c.visitorName}
                </span>
                {c.visitor === "user" ? (
                  <Badge variant="secondary" className="shrink-0">
                    {t("signedIn")}
                  </Badge>
                ) : null}
              </span>
              <span className="line-clamp-2 break-words text-muted-foreground" data-testid="conversation-preview">
                <HighlightedText text={c.preview} term={search} />
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                <time dateTime={c.lastMessageAt}>{t("lastAt", { date: format.dateTime(new Date(c.lastMessageAt), { dateStyle: "medium", timeStyle: "short" }) })}</time>
                <span className="inline-flex items-center gap-1" data-testid="conversation-count">
                  <MessageSquare className="size-3.5" aria-hidden />
                  {t("messages", { count: c.messageCount })}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
