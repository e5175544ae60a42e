"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { KeyRound, Loader2, Plug, Save, Undo2 } from "lucide-react";
import { AI_OUTPUT_TOKENS_MAX, AI_OUTPUT_TOKENS_MIN } from "@/lib/constants";
import { formFromSaved, offlineReasonOf, requestFromForm, testedValues, type AiServiceFormFields } from "@/lib/ai-service/form";
import { ApiError, apiFetch, errorMessage } from "@/lib/fetcher";
import { aiServiceSettingsSchema, aiServiceTestSchema } from "@/lib/schemas/ai-service";
import { fieldErrors, validationIssues, type FieldIssue } from "@/lib/share-admin/field-errors";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { ConnectionResultPanel, useProblemText } from "./connection-result";
import type { AiServiceSaved, AiServiceView, ConnectionResult } from "@/lib/server/present/api-types";

type Errors = Partial<Record<keyof AiServiceFormFields | "form", string>>;

/**
 * The AI service's settings: the offline switch, the service, its models and the reply cap. Test
 * connection calls the service with the values as typed (saved or not); saving after a failed
 * test of the same values asks first.
 */
export function AiServiceForm({ view, onSaved }: { view: AiServiceView; onSaved: (next: AiServiceView) => void }) {
  const t = useTranslations("aiService");
  const tAll = useTranslations();
  const problemText = useProblemText();
  const [form, setForm] = useState<AiServiceFormFields>(() => formFromSaved(view.saved));
  const [errors, setErrors] = useState<Errors>({});
  const [testing, setTesting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [tested, setTested] = useState<{ values: string; result: ConnectionResult } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const set = <K extends keyof AiServiceFormFields>(key: K, value: AiServiceFormFields[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const translate = (key: string) => (tAll.has(key as never) ? tAll(key as never) : undefined);
  const toErrors = (issues: readonly FieldIssue[]): Errors => fieldErrors(issues, translate, {}, tAll("errors.validation"));

  /** The body to send, or null after showing what is wrong field by field. */
  function checked(schema: typeof aiServiceSettingsSchema | typeof aiServiceTestSchema) {
    const parsed = schema.safeParse(requestFromForm(form));
    if (parsed.success) {
      setErrors({});
      return requestFromForm(form);
    }
    setErrors(toErrors(parsed.error.issues));
    // Focus the first field in error, so the keyboard and screen reader land on it.
    const first = parsed.error.issues[0]?.path[0];
    if (typeof first === "string") document.getElementById(`ai-${first}`)?.focus();
    return null;
  }

  async function test() {
    const body = checked(aiServiceTestSchema);
    if (!body || testing) return;
    setTesting(true);
    const values = testedValues(form);
    try {
      const result = await apiFetch<ConnectionResult>("/api/settings/ai-service/test", { method: "POST", json: body });
      setTested({ values, result });
    } catch (error) {
      const issues = error instanceof ApiError ? validationIssues(error.body) : undefined;
      if (issues) setErrors(toErrors(issues));
      toast.error(t("testFailedRequest"), { description: errorMessage(error, t("testFailedRequest")) });
    } finally {
      setTesting(false);
    }
  }

  const failedTest = tested && !tested.result.ok && tested.values === testedValues(form) ? tested.result : null;

  async function save(confirmed = false) {
    const body = checked(aiServiceSettingsSchema);
    if (!body || saving) return;
    // A service that failed its test can still be saved, after a warning (not for the offline model, which calls nothing).
    if (failedTest && !form.offline && !confirmed) return setConfirming(true);
    setConfirming(false);
    setSaving(true);
    try {
      const res = await apiFetch<AiServiceSaved>("/api/settings/ai-service", { method: "PUT", json: body });
      setForm(formFromSaved(res.settings.saved));
      onSaved(res.settings);
      if (res.changes.length === 0) toast.info(t("savedUnchanged"));
      else if (failedTest && !form.offline) toast.warning(t("savedWithWarning"));
      else toast.success(t("saved"));
    } catch (error) {
      const issues = error instanceof ApiError ? validationIssues(error.body) : undefined;
      if (issues) setErrors(toErrors(issues));
      toast.error(t("saveFailed"), { description: errorMessage(error, t("saveFailed")) });
    } finally {
      setSaving(false);
    }
  }

  const env = view.environment;
  // The switch shows whether the offline model would answer: on by choice, or on (and locked) while there is no service to call.
  const offlineReason = offlineReasonOf(form, {
    savedKey: view.saved.hasApiKey,
    savedKeyUnreadable: view.saved.apiKeyUnreadable,
    environmentBaseUrl: env.baseUrl !== null,
    environmentKey: env.apiKeyLast4 !== null,
  });
  const envHint = (name: string, value: string | null, fallback: string) => (value ? t("fromEnvironment", { name, value }) : fallback);
  const keyPlaceholder = view.saved.hasApiKey
    ? t("apiKeyPlaceholderSaved", { last4: view.saved.apiKeyLast4 ?? "····" })
    : env.apiKeyLast4 && (!form.baseUrl || form.baseUrl === env.baseUrl)
      ? t("apiKeyPlaceholderEnv", { last4: env.apiKeyLast4 })
      : t("apiKeyPlaceholderNone");

  return (
    <Card data-testid="ai-form-card">
      <CardHeader>
        <CardTitle>{t("formTitle")}</CardTitle>
        <CardDescription>{t("formDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-5"
          data-testid="ai-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div className="grid gap-1">
              <Label htmlFor="ai-offline">{t("offline")}</Label>
              <p id="ai-offline-hint" className="text-xs text-muted-foreground" data-testid="ai-offline-hint" data-reason={offlineReason ?? "service"}>
                {offlineReason === "unconfigured" ? t("offlineUnconfiguredHint") : t("offlineHint")}
              </p>
            </div>
            <Switch
              id="ai-offline"
              checked={offlineReason !== null}
              disabled={offlineReason === "unconfigured"}
              onCheckedChange={(on) => set("offline", on)}
              aria-describedby="ai-offline-hint"
              data-testid="ai-offline"
            />
          </div>

          <FormField id="ai-baseUrl" label={t("baseUrl")} error={errors.baseUrl} hint={envHint("OPENAI_BASE_URL", env.baseUrl, t("notSetAnywhere", { name: "OPENAI_BASE_URL" }))}>
            <Input
              value={form.baseUrl}
              onChange={(e) => set("baseUrl", e.target.value)}
              placeholder={env.baseUrl ?? t("baseUrlPlaceholder")}
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              data-testid="ai-base-url"
            />
          </FormField>
          <div className="flex items-start gap-2">
            <input
              id="ai-allowPrivateNetwork"
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={form.allowPrivateNetwork}
              onChange={(e) => set("allowPrivateNetwork", e.target.checked)}
              aria-describedby="ai-allowPrivateNetwork-hint"
              data-testid="ai-allow-private-network"
            />
            <div className="grid gap-0.5">
              <Label htmlFor="ai-allowPrivateNetwork">{t("allowPrivateNetwork")}</Label>
              <p id="ai-allowPrivateNetwork-hint" className="text-xs text-muted-foreground">
                {t("allowPrivateNetworkHint")}
              </p>
            </div>
          </div>

          <div className="grid gap-2">
            <FormField id="ai-apiKey" label={t("apiKey")} error={errors.apiKey} hint={t("apiKeyHint")}>
              <Input
                type="password"
                value={form.apiKey}
                onChange={(e) => set("apiKey", e.target.value)}
                placeholder={form.removeApiKey ? t("keyWillBeRemoved") : keyPlaceholder}
                // Not a sign-in password: no browser should offer to save or fill it.
                autoComplete="new-password"
                autoCapitalize="none"
                spellCheck={false}
                data-testid="ai-api-key"
              />
            </FormField>
            {view.saved.hasApiKey && !form.apiKey ? (
              <div className="flex flex-wrap items-center gap-2">
                <Button type="button" variant="ghost" size="sm" onClick={() => set("removeApiKey", !form.removeApiKey)} aria-pressed={form.removeApiKey} data-testid="ai-remove-key">
                  {form.removeApiKey ? <Undo2 /> : <KeyRound />}
                  {form.removeApiKey ? t("keepKey") : t("removeKey")}
                </Button>
                {form.removeApiKey ? (
                  <span className="text-xs text-amber-700 dark:text-amber-400" role="status">
                    {t("keyWillBeRemoved")}
                  </span>
                ) : null}
              </div>
            ) : null}
          </div>

          <div className="grid gap-5 sm:grid-cols-2 sm:items-start">
            <FormField
              id="ai-chatModel"
              label={t("chatModel")}
              error={errors.chatModel}
              hint={envHint("CHAT_MODEL", env.chatModel, t("fromDefault", { value: view.defaults.chatModel ?? "" }))}
            >
              <Input
                value={form.chatModel}
                onChange={(e) => set("chatModel", e.target.value)}
                placeholder={env.chatModel ?? view.defaults.chatModel ?? ""}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                data-testid="ai-chat-model"
              />
            </FormField>
            <FormField id="ai-visionModel" label={t("visionModel")} error={errors.visionModel} hint={envHint("VISION_MODEL", env.visionModel, t("visionDefault"))}>
              <Input
                value={form.visionModel}
                onChange={(e) => set("visionModel", e.target.value)}
                placeholder={env.visionModel ?? (form.chatModel || env.chatModel || view.defaults.chatModel || "")}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                data-testid="ai-vision-model"
              />
            </FormField>
            <FormField
              id="ai-embeddingModel"
              label={t("embeddingModel")}
              error={errors.embeddingModel}
              hint={
                <>
                  {envHint("EMBEDDING_MODEL", env.embeddingModel, t("notSetAnywhere", { name: "EMBEDDING_MODEL" }))}
                  <br />
                  {t("embeddingHint")}
                </>
              }
            >
              <Input
                value={form.embeddingModel}
                onChange={(e) => set("embeddingModel", e.target.value)}
                placeholder={env.embeddingModel ?? "text-embedding-3-small"}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                data-testid="ai-embedding-model"
              />
            </FormField>
            <FormField
              id="ai-maxOutputTokens"
              label={t("maxOutputTokens")}
              error={errors.maxOutputTokens}
              hint={`${t("fromDefault", { value: view.defaults.maxOutputTokens })} · ${t("maxOutputTokensHint", { min: AI_OUTPUT_TOKENS_MIN, max: AI_OUTPUT_TOKENS_MAX })}`}
            >
              <Input
                value={form.maxOutputTokens}
                onChange={(e) => set("maxOutputTokens", e.target.value)}
                placeholder={String(view.defaults.maxOutputTokens)}
                inputMode="numeric"
                autoComplete="off"
                data-testid="ai-max-output-tokens"
              />
            </FormField>
          </div>

          {tested ? <ConnectionResultPanel result={tested.result} /> : null}
          {offlineReason === "switch" ? <p className="text-xs text-muted-foreground">{t("untestedOffline")}</p> : null}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => void test()} aria-disabled={testing || undefined} data-testid="ai-test">
              {testing ? <Loader2 className="animate-spin" /> : <Plug />}
              {testing ? t("testing") : t("test")}
            </Button>
            <Button type="submit" aria-disabled={saving || undefined} data-testid="ai-save">
              {saving ? <Loader2 className="animate-spin" /> : <Save />}
              {saving ? tAll("common.saving") : t("save")}
            </Button>
          </div>
        </form>
      </CardContent>

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent data-testid="ai-confirm-save">
          <AlertDialogTitle>{t("confirmTitle")}</AlertDialogTitle>
          <AlertDialogDescription>{t("confirmBody", { problem: failedTest ? problemText(failedTest) : "" })}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>{tAll("common.cancel")}</AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={() => void save(true)} data-testid="ai-confirm-save-button">
              {t("confirmSave")}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
