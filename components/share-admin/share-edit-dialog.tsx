"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Link2, Pencil } from "lucide-react";
import { useAssistants } from "@/components/assistants/use-assistants";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { ACCESS_MODES, ASSISTANT_NAME_MAX_LENGTH, ROLE_PROMPT_MAX_LENGTH, type AccessMode } from "@/lib/constants";
import { ApiError, apiFetch, errorMessage } from "@/lib/fetcher";
import { ANNOUNCEMENT_MAX_LENGTH, updateShareSchema } from "@/lib/schemas/shared-assistant";
import { fieldErrors, validationIssues, type FieldIssue } from "@/lib/share-admin/field-errors";
import { useGoogleAvailable } from "./google-availability";
import type { OwnerShare } from "@/lib/server/present/api-types";
import { sharePath, useShareActions } from "./use-share-actions";

const ACCESS_LABEL = { open: "accessModeOpen", google_required: "accessModeGoogle" } as const satisfies Record<AccessMode, string>;

/** A labelled on/off row; the hint says what the switch changes for visitors. */
function SwitchRow({ id, label, hint, checked, onChange, testId }: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void; testId: string }) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} data-testid={testId} />
    </div>
  );
}

/** Whether a field follows the share's assistant, and the way back to following it when it does not. */
function FollowNote({ following, assistantName, onFollow, testId }: { following: boolean; assistantName: string; onFollow: () => void; testId: string }) {
  const t = useTranslations("shares");
  return (
    <div className="-mt-2 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground" data-testid={testId} data-following={following}>
      <Link2 className="size-3.5" aria-hidden />
      {following ? (
        <span>{t("followsAssistant", { name: assistantName })}</span>
      ) : (
        <>
          <span>{t("ownValue")}</span>
          <Button type="button" variant="link" size="sm" className="h-6 px-0 text-xs" onClick={onFollow} data-testid={`${testId}-reset`}>
            {t("followAgain", { name: assistantName })}
          </Button>
        </>
      )}
    </div>
  );
}

/** The form itself: mounted each time the dialog opens, so it always starts from the saved share. */
export function ShareEditForm({ share, onDone }: { share: OwnerShare; onDone: () => void }) {
  const googleAvailable = useGoogleAvailable();
  const t = useTranslations("shares");
  const tAll = useTranslations();
  const tCommon = useTranslations("common");
  const { showSaved } = useShareActions();
  const { data: assistants } = useAssistants();
  const [values, setValues] = useState({
    assistantId: share.assistantId ?? "",
    name: share.name,
    rolePrompt: share.rolePrompt,
    isPublicMode: share.isPublicMode,
    accessMode: share.accessMode,
    announcementEnabled: share.announcementEnabled,
    pinnedAnnouncement: share.pinnedAnnouncement ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((v) => ({ ...v, [key]: value }));
  // A name or role prompt equal to the assistant's is saved as following it (the server decides so too).
  const assistant = assistants?.find((a) => a.id === values.assistantId);
  const followsName = (name: string, of = assistant) => (of ? name.trim() === of.name : !share.ownName);
  const followsRole = (role: string, of = assistant) => (of ? role.trim() === "" || role.trim() === of.rolePrompt : !share.ownRolePrompt);
  const moveTo = (assistantId: string) => {
    const next = assistants?.find((a) => a.id === assistantId);
    setValues((v) => ({
      ...v,
      assistantId,
      // What followed the old assistant follows the new one; what was the share's own stays.
      name: next && followsName(v.name) ? next.name : v.name,
      rolePrompt: next && followsRole(v.rolePrompt) ? next.rolePrompt : v.rolePrompt,
    }));
  };

  // Schema messages are keys such as "validation.assistantNameRequired"; the announcement's limit
  // has zod's own English text, so it gets a message of its own.
  const toFieldErrors = (issues: readonly FieldIssue[]) =>
    fieldErrors(
      issues,
      (key) => (tAll.has(key as never) ? tAll(key as never) : undefined),
      { pinnedAnnouncement: t("announcementTooLong", { max: ANNOUNCEMENT_MAX_LENGTH }) },
      tAll("errors.validation"),
    );

  async function submit() {
    const { assistantId, ...rest } = values;
    const parsed = updateShareSchema.safeParse({ ...rest, ...(assistantId && assistantId !== share.assistantId ? { assistantId } : {}) });
    if (!parsed.success) return setErrors(toFieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const changes = { ...parsed.data, pinnedAnnouncement: parsed.data.pinnedAnnouncement || null };
      const saved = await apiFetch<OwnerShare>(sharePath(share), { method: "PATCH", json: changes });
      await showSaved(saved);
      toast.success(t("saved"));
      onDone();
    } catch (error) {
      const issues = error instanceof ApiError ? validationIssues(error.body) : undefined;
      if (issues) setErrors(toFieldErrors(issues));
      toast.error(t("saveFailed"), { description: errorMessage(error, t("saveFailed")) });
    } finally {
      setBusy(false);
    }
  }

  // Fixed ids are safe: the form is mounted only while its dialog is open, and one opens at a time.
  const id = (field: string) => `share-${field}-input`;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {assistants && assistants.length > 0 ? (
        <FormField id={id("assistant")} label={t("assistant")} error={errors.assistantId} hint={t("assistantHint")}>
          <NativeSelect value={values.assistantId} onChange={(e) => moveTo(e.target.value)} data-testid="share-edit-assistant">
            {assistants.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      <FormField id={id("name")} label={t("name")} error={errors.name} hint={t("nameHint", { max: ASSISTANT_NAME_MAX_LENGTH })}>
        <Input value={values.name} onChange={(e) => set("name", e.target.value)} maxLength={ASSISTANT_NAME_MAX_LENGTH} required data-testid="share-edit-name" />
      </FormField>
      <FollowNote following={followsName(values.name)} assistantName={assistant?.name ?? share.assistantName} onFollow={() => assistant && set("name", assistant.name)} testId="share-name-follow" />
      <FormField id={id("role")} label={t("rolePrompt")} error={errors.rolePrompt} hint={t("countHint", { count: values.rolePrompt.length, max: ROLE_PROMPT_MAX_LENGTH })}>
        <Textarea value={values.rolePrompt} onChange={(e) => set("rolePrompt", e.target.value)} rows={4} maxLength={ROLE_PROMPT_MAX_LENGTH} data-testid="share-edit-role" />
      </FormField>
      <FollowNote
        following={followsRole(values.rolePrompt)}
        assistantName={assistant?.name ?? share.assistantName}
        onFollow={() => assistant && set("rolePrompt", assistant.rolePrompt)}
        testId="share-role-follow"
      />
      <SwitchRow id={id("public")} label={t("publicMode")} hint={t("publicModeHint")} checked={values.isPublicMode} onChange={(on) => set("isPublicMode", on)} testId="share-edit-public" />
      <FormField
        id={id("access")}
        label={t("accessMode")}
        error={errors.accessMode}
        hint={!googleAvailable && values.accessMode === "google_required" ? t("googleNotConfigured") : undefined}
      >
        <NativeSelect value={values.accessMode} onChange={(e) => set("accessMode", e.target.value as AccessMode)} data-testid="share-edit-access">
          {ACCESS_MODES.map((mode) => (
            // Without Google sign-in on the server the mode cannot be chosen (the server refuses it too);
            // a share that already has it keeps it until the owner switches back.
            <option key={mode} value={mode} disabled={mode === "google_required" && !googleAvailable && share.accessMode !== "google_required"}>
              {t(ACCESS_LABEL[mode])}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <SwitchRow
        id={id("announcement")}
        label={t("announcementEnabled")}
        hint={t("announcementHint")}
        checked={values.announcementEnabled}
        onChange={(on) => set("announcementEnabled", on)}
        testId="share-edit-announcement-enabled"
      />
      <FormField
        id={id("announcement-text")}
        label={t("announcementText")}
        error={errors.pinnedAnnouncement}
        hint={t("countHint", { count: values.pinnedAnnouncement.length, max: ANNOUNCEMENT_MAX_LENGTH })}
      >
        <Textarea value={values.pinnedAnnouncement} onChange={(e) => set("pinnedAnnouncement", e.target.value)} rows={3} maxLength={ANNOUNCEMENT_MAX_LENGTH} data-testid="share-edit-announcement" />
      </FormField>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {tCommon("cancel")}
        </Button>
        <Button type="submit" disabled={busy} data-testid="share-edit-save">
          {busy ? tCommon("saving") : tCommon("save")}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The edit button of one share and its dialog: name, role prompt, modes and the pinned announcement. */
export function ShareEditDialog({ share }: { share: OwnerShare }) {
  const t = useTranslations("shares");
  const tCommon = useTranslations("common");
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("editLabel", { name: share.name })} data-testid="share-edit">
          <Pencil />
          {t("edit")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="share-edit-dialog">
        <DialogTitle>{t("editTitle")}</DialogTitle>
        <DialogDescription>{t("editDescription")}</DialogDescription>
        <ShareEditForm share={share} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
