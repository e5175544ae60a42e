"use client";

import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { AssistantForm } from "./assistant-form";
import { returnFocusTo } from "@/lib/return-focus";
import type { PublicAssistant } from "@/lib/server/present/api-types";

/**
 * The dialog to make an assistant (no `assistant`) or change one: name, role prompt and knowledge.
 * With a `trigger` focus goes back to it on closing; without one (opened from a menu that is gone by
 * then) to `returnFocus`.
 */
export function AssistantEditorDialog({
  assistant,
  open,
  onOpenChange,
  onSaved,
  trigger,
  returnFocus,
}: {
  assistant?: PublicAssistant;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (saved: PublicAssistant) => void;
  trigger?: React.ReactNode;
  returnFocus?: () => HTMLElement | null;
}) {
  const t = useTranslations("assistants");
  const tCommon = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        closeLabel={tCommon("close")}
        className="max-w-2xl"
        onCloseAutoFocus={returnFocusTo(returnFocus)}
        data-testid="assistant-editor"
      >
        <DialogTitle>{assistant ? t("editTitle", { name: assistant.name }) : t("newTitle")}</DialogTitle>
        <DialogDescription>{t("editorDescription")}</DialogDescription>
        <AssistantForm
          assistant={assistant}
          onDone={(saved) => {
            onOpenChange(false);
            if (saved) onSaved?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
