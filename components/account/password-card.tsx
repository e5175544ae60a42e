"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { changePasswordSchema } from "@/lib/schemas/auth";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { ClientUser } from "@/lib/client-user";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

export function PasswordCard({ user }: { user: ClientUser }) {
  const t = useTranslations("account");
  const tAuth = useTranslations("auth");
  const tValidation = useTranslations("validation");
  const validate = useZodFormErrors();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { data, errors } = validate(changePasswordSchema, values);
    if (values.newPassword !== values.confirmPassword) errors.confirmPassword = tValidation("passwordMismatch");
    setErrors(errors);
    if (!data || errors.confirmPassword) return;
    setBusy(true);
    try {
      await apiFetch("/api/user/password", { method: "POST", json: data });
      toast.success(t("passwordChanged"));
      form.reset();
    } catch (error) {
      toast.error(t("passwordChangeFailed"), { description: errorMessage(error, t("passwordChangeFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("password")}</CardTitle>
        <CardDescription>{user.hasPassword ? t("passwordDescription") : t("googleOnly")}</CardDescription>
      </CardHeader>
      {user.hasPassword ? (
        <CardContent>
          <form
            noValidate
            className="grid gap-4"
            data-testid="password-form"
            onSubmit={(e) => {
              e.preventDefault();
              void onSubmit(e.currentTarget);
            }}
          >
            <FormField id="pw-current" label={t("currentPassword")} error={errors.currentPassword}>
              <Input name="currentPassword" type="password" autoComplete="current-password" />
            </FormField>
            <FormField id="pw-new" label={t("newPassword")} error={errors.newPassword} hint={tAuth("passwordHint", { min: PASSWORD_MIN_LENGTH })}>
              <Input name="newPassword" type="password" autoComplete="new-password" />
            </FormField>
            <FormField id="pw-confirm" label={t("confirmPassword")} error={errors.confirmPassword}>
              <Input name="confirmPassword" type="password" autoComplete="new-password" />
            </FormField>
            <Button type="submit" disabled={busy} className="justify-self-start" data-testid="password-submit">
              {t("changePassword")}
            </Button>
          </form>
        </CardContent>
      ) : null}
    </Card>
  );
}
