"use client";

import { useTranslations } from "next-intl";
import { Download, Link2, RefreshCw, RotateCcw } from "lucide-react";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import { ShareAssistantButton } from "@/components/share-admin/share-assistant-button";
import { AssistantSettingsDialog } from "./assistant-settings-dialog";
import { LinkPreviewSettingsControl } from "./link-preview-settings";
import { useExport, type ExportFormat } from "./use-export";

const FORMATS: { format: ExportFormat; key: "exportTxt" | "exportMd" | "exportHtml" | "exportDocx" | "exportPdf" }[] = [
  { format: "txt", key: "exportTxt" },
  { format: "md", key: "exportMd" },
  { format: "html", key: "exportHtml" },
  { format: "docx", key: "exportDocx" },
  { format: "pdf", key: "exportPdf" },
];

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
        {rolePrompt !== null && <AssistantSettingsDialog name={assistantName} rolePrompt={rolePrompt} />}
      </div>
      <div className="ml-auto flex flex-none items-center" data-testid="chat-header-actions">
        <ThemeToggle />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {/* Not disabled while a file is made: a disabled button could not take focus back from the menu. */}
            <Button variant="ghost" size="icon" aria-label={t("export")} title={t("export")} aria-busy={exporting || undefined} data-testid="export-menu">
              <Download />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {FORMATS.map(({ format, key }) => (
              <DropdownMenuItem key={format} disabled={exporting} onSelect={() => void download(format)} data-testid={`export-${format}`}>
                {t(key)}
              </DropdownMenuItem>
            ))}
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void copyPageLink()} data-testid="export-share">
              <Link2 className="size-4" />
              {t("shareLink")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
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
        <LinkPreviewSettingsControl mobile={mobile} />
        <ShareAssistantButton />
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("startOver")}
              title={t("startOver")}
              aria-disabled={clearing || !hasMessages || undefined}
              onClick={(event) => (clearing || !hasMessages) && event.preventDefault()}
              className="aria-disabled:opacity-50"
              data-testid="start-over"
            >
              <RotateCcw />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>{t("startOverTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("startOverBody")}</AlertDialogDescription>
            <AlertDialogFooter>
              <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
              <AlertDialogAction onClick={onClear} data-testid="confirm-start-over">
                {t("startOverConfirm")}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </header>
  );
}
