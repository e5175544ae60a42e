"use client";

import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { useLoadOnUse } from "@/components/layout/use-load-on-use";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ShareAssistantButton } from "@/components/share-admin/share-assistant-button";
import { AssistantSettingsButton, AssistantSwitcherButton, ExportButton, LinkPreviewButton, StartOverButton } from "./chat-header-buttons";
import { useCurrentAssistant } from "./current-assistant";
import { useExport } from "./use-export";

// The menus and dialogs behind the header's buttons, with their Radix code, arrive on first use.
const loadMenus = () => import("./chat-header-menus");

/**
 * The chat header of normal mode: the assistant (its name is the title, and the menu to switch),
 * theme, export, refresh, link-preview settings, share as assistant and start over; each of these
 * acts on the chat's assistant.
 */
export function ChatHeader({
  hasMessages,
  sending,
  refreshing,
  clearing,
  mobile,
  onRefresh,
  onClear,
}: {
  hasMessages: boolean;
  sending: boolean;
  refreshing: boolean;
  clearing: boolean;
  mobile: boolean;
  onRefresh: () => void;
  onClear: () => void;
}) {
  const t = useTranslations("chat");
  const { assistant, assistants, failed, choose } = useCurrentAssistant();
  const { download, copyPageLink, exporting } = useExport(hasMessages, assistant.id);
  // One download for the five; each button swaps in its own menu or dialog when pressed.
  const switcher = useLoadOnUse(loadMenus);
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
        <h2 className="flex min-w-0">
          {switcher.loaded ? (
            <switcher.loaded.AssistantSwitcherMenu
              current={assistant}
              assistants={assistants}
              failed={failed}
              busy={sending || clearing}
              openedByKeyboard={switcher.byKeyboard}
              onChoose={choose}
            />
          ) : (
            <AssistantSwitcherButton name={assistant.name} {...switcher.triggerProps} />
          )}
        </h2>
        {/* Not keyed by the assistant: a new button after saving would leave keyboard focus nowhere.
            The form reads the assistant as saved each time it opens (the dialog's content mounts on opening). */}
        {settings.loaded ? <settings.loaded.AssistantSettingsDialog assistantId={assistant.id} /> : <AssistantSettingsButton {...settings.triggerProps} />}
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
        <ShareAssistantButton assistantId={assistant.id} />
        {startOver.loaded ? (
          <startOver.loaded.StartOverDialog unavailable={startOverUnavailable} onClear={onClear} />
        ) : (
          <StartOverButton unavailable={startOverUnavailable} {...startOver.triggerProps} />
        )}
      </div>
    </header>
  );
}
