"use client";

import { useTranslations } from "next-intl";
import { Loader2, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { quickLinkOf, useShareLink } from "./use-share-link";

/**
 * The chat header's share-as-assistant button: the assistant's quick link, made on the first press
 * and the same link on every press after (while it lives), copied, said and opened. The assistant is the chat's.
 */
export function ShareAssistantButton({ assistantId, className }: { assistantId: string; className?: string }) {
  const t = useTranslations("shares");
  const { create, creating } = useShareLink();
  const label = creating ? t("creating") : t("shareButton");
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("aria-disabled:cursor-wait aria-disabled:opacity-60", className)}
      aria-label={label}
      title={label}
      // aria-disabled rather than disabled: a disabled button drops keyboard focus mid-click.
      aria-disabled={creating || undefined}
      onClick={() => void create(quickLinkOf(assistantId))}
      data-testid="share-assistant-button"
    >
      {creating ? <Loader2 className="animate-spin" /> : <Share2 />}
    </Button>
  );
}
