"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ASSISTANT_NAME_MAX_LENGTH, ROLE_PROMPT_MAX_LENGTH } from "@/lib/constants";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { ASSISTANTS_KEY, assistantPath } from "./assistant-keys";
import { KnowledgePicker } from "./knowledge-picker";
import type { Knowledge, PublicAssistant } from "@/lib/server/present/api-types";
import { useAssistantActions } from "./use-assistant-actions";

// A new assistant is usually made for some documents (the default one already answers from all of them).
const NEW_KNOWLEDGE: Knowledge = { all: false, documentIds: [], collectionIds: [] };

function sameKnowledge(a: Knowledge, b: Knowledge): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && [...x].sort().join("\n") === [...y].sort().join("\n");
  return a.all === b.all && (a.all || (same(a.documentIds, b.documentIds) && same(a.collectionIds, b.collectionIds)));
}

/**
 * An assistant's name, role prompt and knowledge: a new one (no `assistant`) or one to change,
 * which sends only what changed (a role prompt never set keeps following the reader's language).
 * Mounted each time its dialog opens, so it starts from the saved assistant.
 */
export function AssistantForm({ assistant, onDone }: { assistant?: PublicAssistant; onDone: (saved: PublicAssistant | null) => void }) {
  const t = useTranslations("assistants");
  const tSettings = useTranslations("assistantSettings");
  const tCommon = useTranslations("common");
  const validate = useZodFormErrors();
  const { showSaved } = useAssistantActions();
  const [name, setName] = useState(assistant?.name ?? "");
  const [rolePrompt, setRolePrompt] = useState(assistant?.rolePrompt ?? "");
  const [knowledge, setKnowledge] = useState<Knowledge>(assistant?.knowledge ?? NEW_KNOWLEDGE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const failed = assistant ? tSettings("saveFailed") : t("createFailed");

  async function submit() {
    // The schemas, and zod with them, load on the first save, not with the chat.
    const schemas = await import("@/lib/schemas/assistants").catch(() => null);
    if (!schemas) return void toast.error(failed);
    const values = assistant
      ? {
          ...(name !== assistant.name ? { name } : {}),
          ...(rolePrompt !== assistant.rolePrompt ? { rolePrompt } : {}),
          ...(sameKnowledge(knowledge, assistant.knowledge) ? {} : { knowledge }),
        }
      : { name, rolePrompt, knowledge };
    const { data, errors: found } = assistant ? validate(schemas.updateAssistantSchema, values) : validate(schemas.createAssistantSchema, values);
    setErrors(found);
    if (!data) return;
    if (assistant && Object.keys(data).length === 0) {
      toast.success(tSettings("saved"));
      return onDone(assistant);
    }
    setBusy(true);
    try {
      const saved = assistant
        ? await apiFetch<PublicAssistant>(assistantPath(assistant.id), { method: "PATCH", json: data })
        : await apiFetch<PublicAssistant>(ASSISTANTS_KEY, { method: "POST", json: data });
      await showSaved(saved);
      toast.success(assistant ? tSettings("saved") : t("created", { name: saved.name }));
      onDone(saved);
    } catch (error) {
      toast.error(failed, { description: errorMessage(error, t("tryAgain")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="assistant-form"
    >
      <FormField id="assistant-name-input" label={tSettings("name")} error={errors.name} hint={tSettings("nameHint", { max: ASSISTANT_NAME_MAX_LENGTH })}>
        <Input name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={ASSISTANT_NAME_MAX_LENGTH} autoComplete="off" />
      </FormField>
      <FormField
        id="assistant-role-input"
        label={tSettings("rolePrompt")}
        error={errors.rolePrompt}
        hint={assistant ? tSettings("roleHint", { count: rolePrompt.length, max: ROLE_PROMPT_MAX_LENGTH }) : t("rolePromptNewHint", { count: rolePrompt.length, max: ROLE_PROMPT_MAX_LENGTH })}
      >
        <Textarea name="rolePrompt" value={rolePrompt} onChange={(e) => setRolePrompt(e.target.value)} rows={4} maxLength={ROLE_PROMPT_MAX_LENGTH} />
      </FormField>
      <KnowledgePicker value={knowledge} onChange={setKnowledge} />
      {errors.knowledge ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.knowledge}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={() => onDone(null)}>
          {tCommon("cancel")}
        </Button>
        <Button type="submit" disabled={busy} data-testid="assistant-settings-save">
          {busy ? tCommon("saving") : assistant ? tCommon("save") : t("create")}
        </Button>
      </div>
    </form>
  );
}
