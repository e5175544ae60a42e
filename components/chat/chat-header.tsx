"use client";

import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { useLoadOnUse } from "@/components/layout/use-load-on-use";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ShareAssistantButton } from "@/components/share-admin/share-assistant-button";
import { AssistantSettingsButton, ExportButton, LinkPreviewButton, StartOverButton } from "./chat-header-buttons";
import { useExport } from "./use-export";

// The menus and dialogs behind the header's buttons, with their Radix code, arrive on first use.
const loadMenus = () => import("./chat-header-menus");

/** The chat header of normal mode: theme, export, refresh, link-preview settings, share as assistant and start over. */
export function ChatHeader({
  assistantName,
  rolePrompt,
  hasMessages,
  refreshing,
  clearing,
  mobile,
  onRefresh,
  onClear,
}: {
  assistantName: string;
  /** Null until the assistant has loaded: the settings button waits for it. */
  rolePrompt: string | null;
  hasMessages: boolean;
  refreshing: boolean;
  clearing: boolean;
  mobile: boolean;
  onRefresh: () => void;
  onClear: () => void;
}) {
  const t = useTranslations("chat");
  const { download, copyPageLink, exporting } = useExport(hasMessages);
  // One download for the four; each button swaps in its own menu or dialog when pressed.
  const settings = useLoadOnUse(loadMenus);
  const exportMenu = useLoadOnUse(loadMenus);
  const linkPreview = useLoadOnUse(loadMenus);
  const startOver = useLoadOnUse(loadMenus);
  const startOverUnavailable = clearing || !hasMessages;
  return (
    // The name takes the width it needs: when it and the buttons do not fit on one line (a phone,
    // a long name), the buttons move to a second line rather than the name being cut to a few letters.
    <header className="flex flex-wrap items-center gap-x-1 gap-y-0.5 border-b pb-1.5" data-testid="chat-header">
      <div className="flex min-w-0 flex-[1_1_auto] items-center gap-1">
        <h2 className="min-w-0 truncate text-base font-semibold" title={assistantName} data-testid="assistant-name">
          {assistantName}
        </h2>
        {/* Not keyed by the name: a new button after saving would leave keyboard focus nowhere. The form
            reads the current name and role each time it opens (the dialog's content mounts on opening). */}
        {rolePrompt !== null &&
          (settings.loaded ? <settings.loaded.AssistantSettingsDialog name={assistantName} rolePrompt={rolePrompt} /> : <AssistantSettingsButton {...settings.triggerProps} />)}
      </div>
      <div className="ml-auto flex flex-none items-center" data-testid="chat-header-actions">
        <ThemeToggle />
        {exportMenu.loaded ? (
          <exportMenu.loaded.ExportMenu exporting={exporting} openedByKeyboard={exportMenu.byKeyboard} onDownload={(format) => void download(format)} onCopyLink={() => void copyPageLink()} />
        ) : (
          <ExportButton exporting={exporting} {...exportMenu.triggerProps} />
        )}
        {/* aria-disabled rather than disabled, here and on start over: a disabled button drops keyboard focus to the page's top. */}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("refresh")}
          title={t("refresh")}
          onClick={() => !refreshing && onRefresh()}
          aria-disabled={refreshing || undefined}
          data-testid="refresh-chat"
        >
          <RefreshCw className={cn(refreshing && "animate-spin")} />
        </Button>
        {linkPreview.loaded ? <linkPreview.loaded.LinkPreviewSettingsControl mobile={mobile} /> : <LinkPreviewButton {...linkPreview.triggerProps} />}
        <ShareAssistantButton />
        {startOver.loaded ? (
          <startOver.loaded.StartOverDialog unavailable={startOverUnavailable} onClear={onClear} />
        ) : (
          <StartOverButton unavailable={startOverUnavailable} {...startOver.triggerProps} />
        )}
      </div>
    </header>
  );
}
