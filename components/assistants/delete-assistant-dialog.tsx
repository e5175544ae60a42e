"use client";

import { useTranslations } from "next-intl";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { returnFocusTo } from "@/lib/return-focus";
import type { PublicAssistant } from "@/lib/server/present/api-types";

/**
 * Asks before an assistant is deleted, saying what goes with it (its share links end at once, and
 * its conversation) and what stays (the documents it uses). Opened from the card's menu, which is
 * gone by then: focus goes back to `returnFocus`.
 */
export function DeleteAssistantDialog({
  assistant,
  open,
  onOpenChange,
  onConfirm,
  returnFocus,
}: {
  assistant: PublicAssistant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  returnFocus?: () => HTMLElement | null;
}) {
  const t = useTranslations("assistants");
  const tCommon = useTranslations("common");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={returnFocusTo(returnFocus)}
        data-testid="delete-assistant-dialog"
      >
        <AlertDialogTitle>{t("deleteTitle", { name: assistant.name })}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="grid gap-1" data-testid="delete-assistant-body">
            <p className="font-medium text-foreground">{assistant.shareCount > 0 ? t("deleteShares", { shares: assistant.shareCount }) : t("deleteNoShares")}</p>
            <p>{t("deleteKeeps")}</p>
          </div>
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{tCommon("cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm} data-testid="confirm-delete-assistant">
            {t("deleteConfirm")}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
