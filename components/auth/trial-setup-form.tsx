"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { toast } from "@/lib/toast";
import { ShieldCheck } from "lucide-react";
import { PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { trialSetupSchema } from "@/lib/schemas/auth";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { SignedIn } from "@/lib/server/present/api-types";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { WorkspaceAccessOptions, type WorkspaceAccessValue } from "@/components/admin/workspace-access-options";

/** The first run: the first admin's account, and who else gets a workspace (the console's setting, chosen here first). */
export function TrialSetupForm({ initialWorkspaceAccess }: { initialWorkspaceAccess: WorkspaceAccessValue }) {
  const t = useTranslations("trialSetup");
  const tAccess = useTranslations("workspaceAccess");
  const tAuth = useTranslations("auth");
  const tValidation = useTranslations("validation");
  const validate = useZodFormErrors();
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [workspaceAccess, setWorkspaceAccess] = useState(initialWorkspaceAccess);

  async function onSubmit(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { data, errors } = validate(trialSetupSchema, { ...values, workspaceAccess });
    if (values.password !== values.confirmPassword) errors.confirmPassword = tValidation("passwordMismatch");
    setErrors(errors);
    if (!data || errors.confirmPassword) return;
    setBusy(true);
    try {
      const res = await apiFetch<SignedIn>("/api/trial-setup", { method: "POST", json: data });
      toast.success(t("success"), { description: t("successDescription", { name: res.displayName }) });
      await mutate("/api/user", res.user, { revalidate: false });
      router.push("/");
      router.refresh();
    } catch (error) {
      toast.error(t("failed"), { description: errorMessage(error, t("failed")) });
      setBusy(false);
    }
  }

  return (
    <Card className="mx-auto max-w-md" data-testid="trial-setup">
      <CardHeader>
        <ShieldCheck className="mb-2 size-8 text-primary" aria-hidden />
        <CardTitle className="text-xl">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit(e.currentTarget);
          }}
        >
          <FormField id="setup-displayName" label={tAuth("displayName")} error={errors.displayName}>
            <Input name="displayName" autoComplete="nickname" />
          </FormField>
          <FormField id="setup-email" label={tAuth("email")} error={errors.email}>
            <Input name="email" type="email" autoComplete="email" />
          </FormField>
          <FormField id="setup-password" label={tAuth("password")} error={errors.password} hint={tAuth("passwordHint", { min: PASSWORD_MIN_LENGTH })}>
            <Input name="password" type="password" autoComplete="new-password" />
          </FormField>
          <FormField id="setup-confirmPassword" label={t("confirmPassword")} error={errors.confirmPassword}>
            <Input name="confirmPassword" type="password" autoComplete="new-password" />
          </FormField>
          <fieldset className="grid gap-2" aria-describedby="setup-workspace-later">
            <legend id="setup-workspace-title" className="mb-1 text-sm font-medium">
              {t("workspaceQuestion")}
            </legend>
            <WorkspaceAccessOptions value={workspaceAccess} onChange={setWorkspaceAccess} disabled={busy} labelledBy="setup-workspace-title" className="sm:grid-cols-1" />
            <p id="setup-workspace-later" className="text-xs text-muted-foreground">
              {tAccess("changeLater")}
            </p>
          </fieldset>
          <Button type="submit" disabled={busy} data-testid="setup-submit">
            {busy ? t("submitting") : t("submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
