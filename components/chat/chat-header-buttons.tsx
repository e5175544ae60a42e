"use client";

import { useTranslations } from "next-intl";
import { ChevronDown, Download, Link2, Pencil, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";

// The chat header's buttons that open a menu or a dialog. Each is the same before its menu or
// dialog has loaded (chat-header.tsx loads them on first use) and as that menu's or dialog's own
// trigger afterwards.
type ButtonProps = React.ComponentProps<typeof Button>;

export function ExportButton({ exporting, ...props }: { exporting: boolean } & ButtonProps) {
  const t = useTranslations("chat");
  return (
    // Not disabled while a file is made: a disabled button could not take focus back from the menu.
    <Button variant="ghost" size="icon" aria-label={t("export")} title={t("export")} aria-haspopup="menu" aria-busy={exporting || undefined} data-testid="export-menu" {...props}>
      <Download />
    </Button>
  );
}

/** The header's title: the chat's assistant, and the menu to switch to another one. */
export function AssistantSwitcherButton({ name, ...props }: { name: string } & ButtonProps) {
  const t = useTranslations("assistants");
  return (
    <Button
      variant="ghost"
      size="sm"
      // Shrinks with the header: a long name is cut with an ellipsis, the chevron stays.
      className="-ml-2 h-8 min-w-0 shrink gap-1 px-2 text-base font-semibold"
      aria-haspopup="menu"
      aria-label={t("switcherLabel", { name })}
      title={t("switcherLabel", { name })}
      data-testid="assistant-switcher"
      {...props}
    >
      <span className="min-w-0 truncate" data-testid="assistant-name">
        {name}
      </span>
      <ChevronDown className="text-muted-foreground" aria-hidden />
    </Button>
  );
}

export function AssistantSettingsButton(props: ButtonProps) {
  const t = useTranslations("assistantSettings");
  return (
    <Button variant="ghost" size="icon" aria-label={t("title")} title={t("title")} aria-haspopup="dialog" data-testid="assistant-settings-button" {...props}>
      <Pencil />
    </Button>
  );
}

export function LinkPreviewButton(props: ButtonProps) {
  const t = useTranslations("linkPreview");
  return (
    <Button variant="ghost" size="icon" aria-label={t("title")} title={t("title")} aria-haspopup="dialog" data-testid="link-preview-settings-button" {...props}>
      <Link2 />
    </Button>
  );
}

/** aria-disabled rather than disabled: a disabled button drops keyboard focus to the page's top. */
export function StartOverButton({ unavailable, onClick, ...props }: { unavailable: boolean } & ButtonProps) {
  const t = useTranslations("chat");
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t("startOver")}
      title={t("startOver")}
      aria-haspopup="dialog"
      aria-disabled={unavailable || undefined}
      className="aria-disabled:opacity-50"
      data-testid="start-over"
      {...props}
      onClick={(event) => (unavailable ? event.preventDefault() : onClick?.(event))}
    >
      <RotateCcw />
    </Button>
  );
}
