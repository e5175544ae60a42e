"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ASSISTANT_NAME_MAX_LENGTH, ROLE_PROMPT_MAX_LENGTH } from "@/lib/constants";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";

import { ASSISTANT_KEY } from "./assistant-profile";
import { AssistantSettingsButton } from "./chat-header-buttons";

/** Names the assistant and sets its role prompt; both shape every answer. Opens as it mounts (loaded on first use, chat-header.tsx). */
export function AssistantSettingsDialog({ name, rolePrompt }: { name: string; rolePrompt: string }) {
  const t = useTranslations("assistantSettings");
  const tCommon = useTranslations("common");
  const { mutate } = useSWRConfig();
  const validate = useZodFormErrors();
  const [open, setOpen] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [length, setLength] = useState(rolePrompt.length);

  async function onSubmit(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form));
    // The schema, and zod with it (~34 KB compressed), load on the first save, not with the chat.
    const schemas = await import("@/lib/schemas/chat").catch(() => null);
    if (!schemas) return void toast.error(t("saveFailed"));
    const { data, errors } = validate(schemas.assistantProfileSchema, values);
    setErrors(errors);
    if (!data) return;
    setBusy(true);
    try {
      const saved = await apiFetch<{ name: string; rolePrompt: string }>(ASSISTANT_KEY, { method: "POST", json: data });
      await mutate(ASSISTANT_KEY, saved, { revalidate: false });
      toast.success(t("saved"));
      setOpen(false);
    } catch (error) {
      toast.error(t("saveFailed"), { description: errorMessage(error, t("saveFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setErrors({});
        setLength(rolePrompt.length);
      }}
    >
      <DialogTrigger asChild>
        <AssistantSettingsButton />
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="assistant-settings">
        <DialogTitle>{t("title")}</DialogTitle>
        <DialogDescription>{t("description")}</DialogDescription>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit(e.currentTarget);
          }}
        >
          <FormField id="assistant-name-input" label={t("name")} error={errors.name} hint={t("nameHint", { max: ASSISTANT_NAME_MAX_LENGTH })}>
            <Input name="name" defaultValue={name} maxLength={ASSISTANT_NAME_MAX_LENGTH} />
          </FormField>
          <FormField id="assistant-role-input" label={t("rolePrompt")} error={errors.rolePrompt} hint={t("roleHint", { count: length, max: ROLE_PROMPT_MAX_LENGTH })}>
            <Textarea name="rolePrompt" defaultValue={rolePrompt} rows={6} maxLength={ROLE_PROMPT_MAX_LENGTH} onChange={(e) => setLength(e.target.value.length)} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" disabled={busy} data-testid="assistant-settings-save">
              {busy ? tCommon("saving") : tCommon("save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
