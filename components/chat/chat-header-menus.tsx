"use client";

import { useTranslations } from "next-intl";
import { Link2 } from "lucide-react";
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
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { ExportButton, StartOverButton } from "./chat-header-buttons";
import type { ExportFormat } from "./use-export";

// The chat header's menus and dialogs, with the Radix code under them (~30 KB compressed): loaded
// together the first time any of their buttons is pressed (chat-header.tsx), each then opening
// as it mounts.
export { AssistantSettingsDialog } from "./assistant-settings-dialog";
export { AssistantSwitcherMenu } from "./assistant-switcher-menu";
export { LinkPreviewSettingsControl } from "./link-preview-settings";

const FORMATS: { format: ExportFormat; key: "exportTxt" | "exportMd" | "exportHtml" | "exportDocx" | "exportPdf" }[] = [
  { format: "txt", key: "exportTxt" },
  { format: "md", key: "exportMd" },
  { format: "html", key: "exportHtml" },
  { format: "docx", key: "exportDocx" },
  { format: "pdf", key: "exportPdf" },
];

export function ExportMenu({
  exporting,
  openedByKeyboard,
  onDownload,
  onCopyLink,
}: {
  exporting: boolean;
  openedByKeyboard: boolean;
  onDownload: (format: ExportFormat) => void;
  onCopyLink: () => void;
}) {
  const t = useTranslations("chat");
  return (
    <DropdownMenu defaultOpen openedByKeyboard={openedByKeyboard}>
      <DropdownMenuTrigger asChild>
        <ExportButton exporting={exporting} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {FORMATS.map(({ format, key }) => (
          <DropdownMenuItem key={format} disabled={exporting} onSelect={() => onDownload(format)} data-testid={`export-${format}`}>
            {t(key)}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onCopyLink} data-testid="export-share">
          <Link2 className="size-4" />
          {t("shareLink")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function StartOverDialog({ unavailable, onClear }: { unavailable: boolean; onClear: () => void }) {
  const t = useTranslations("chat");
  return (
    <AlertDialog defaultOpen>
      <AlertDialogTrigger asChild>
        <StartOverButton unavailable={unavailable} />
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
  );
}
