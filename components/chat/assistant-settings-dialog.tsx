"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { AssistantForm } from "@/components/assistants/assistant-form";
import { useAssistants } from "@/components/assistants/use-assistants";
import { DataLoadError } from "@/components/layout/data-states";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { AssistantSettingsButton } from "./chat-header-buttons";

/**
 * The chat's assistant: its name, role prompt and what it answers from; all three shape every
 * answer. Opens as it mounts (loaded on first use, chat-header.tsx).
 */
export function AssistantSettingsDialog({ assistantId }: { assistantId: string }) {
  const t = useTranslations("assistantSettings");
  const tAssistants = useTranslations("assistants");
  const tCommon = useTranslations("common");
  const [open, setOpen] = useState(true);
  const { data: assistants, error, mutate } = useAssistants();
  const assistant = assistants?.find((a) => a.id === assistantId);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <AssistantSettingsButton />
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} className="max-w-2xl" data-testid="assistant-settings">
        <DialogTitle>{t("title")}</DialogTitle>
        <DialogDescription>{t("description")}</DialogDescription>
        {assistant ? (
          <AssistantForm assistant={assistant} onDone={() => setOpen(false)} />
        ) : error ? (
          <DataLoadError message={tAssistants("listFailed")} onRetry={() => void mutate()} testId="assistant-settings-error" />
        ) : (
          <Spinner className="justify-self-center" />
        )}
      </DialogContent>
    </Dialog>
  );
}
