"use client";

import { useState } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { ChartColumn, Plus, Settings2 } from "lucide-react";
import { AssistantEditorDialog } from "@/components/assistants/assistant-editor-dialog";
import type { PublicAssistant } from "@/lib/server/present/api-types";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { AssistantSwitcherButton } from "./chat-header-buttons";

const switcherButton = () => document.querySelector<HTMLElement>('[data-testid="assistant-switcher"]');

/**
 * The header's assistant menu (loaded on first use, chat-header.tsx; opens as it mounts): the
 * owner's assistants with the default one marked, then a new assistant (made here, then chatted
 * with) and the assistants tab. Not while a reply is on its way: it belongs to this conversation.
 */
export function AssistantSwitcherMenu({
  current,
  assistants,
  failed,
  busy,
  openedByKeyboard,
  onChoose,
}: {
  current: { id: string; name: string };
  assistants: PublicAssistant[] | undefined;
  failed: boolean;
  busy: boolean;
  openedByKeyboard: boolean;
  onChoose: (id: string) => void;
}) {
  const t = useTranslations("assistants");
  const tInsights = useTranslations("insights");
  const params = useSearchParams();
  const pathname = usePathname();
  const [creating, setCreating] = useState(false);
  const manage = new URLSearchParams(params);
  manage.set("tab", "assistants");

  return (
    <>
      <DropdownMenu defaultOpen openedByKeyboard={openedByKeyboard}>
        <DropdownMenuTrigger asChild>
          <AssistantSwitcherButton name={current.name} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" collisionPadding={8} className="max-h-[min(70dvh,28rem)] w-72 max-w-[calc(100vw-2rem)] overflow-y-auto" data-testid="assistant-switcher-menu">
          <DropdownMenuLabel className="text-xs text-muted-foreground">{t("switcher")}</DropdownMenuLabel>
          {assistants ? (
            <DropdownMenuRadioGroup value={current.id} onValueChange={onChoose}>
              {assistants.map((a) => (
                <DropdownMenuRadioItem key={a.id} value={a.id} disabled={busy && a.id !== current.id} data-testid="assistant-option" data-assistant-id={a.id}>
                  <span className="min-w-0 flex-1 truncate" title={a.name}>
                    {a.name}
                  </span>
                  {a.isDefault ? <span className="shrink-0 rounded border px-1.5 text-xs text-muted-foreground">{t("defaultBadge")}</span> : null}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          ) : (
            <DropdownMenuItem disabled>{failed ? t("listFailed") : t("loading")}</DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={busy} onSelect={() => setCreating(true)} data-testid="new-assistant">
            <Plus />
            {t("new")}
          </DropdownMenuItem>
          <DropdownMenuItem asChild data-testid="manage-assistants">
            <Link href={`${pathname}?${manage}`} scroll={false}>
              <Settings2 />
              {t("manage")}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild data-testid="assistant-insights">
            <Link href={`/insights/${encodeURIComponent(current.id)}`}>
              <ChartColumn />
              {tInsights("open")}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AssistantEditorDialog open={creating} onOpenChange={setCreating} onSaved={(made) => onChoose(made.id)} returnFocus={switcherButton} />
    </>
  );
}
