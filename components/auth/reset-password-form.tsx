"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { KeyRound, TriangleAlert } from "lucide-react";
import { toast } from "@/lib/toast";
import { PASSWORD_MIN_LENGTH } from "@/lib/constants";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { passwordSchema } from "@/lib/schemas/auth";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { z } from "zod";
import "@/lib/zod-jitless";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

const formSchema = z.object({ password: passwordSchema, confirmPassword: z.string() });

/** The page a reset link opens: a new password, twice; or why the link no longer works. */
export function ResetPasswordForm({ token, email }: { token: string; email: string | null }) {
  const t = useTranslations("passwordReset");
  const tAuth = useTranslations("auth");
  const tValidation = useTranslations("validation");
  const router = useRouter();
  const validate = useZodFormErrors();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(email === null);

  async function submit(form: HTMLFormElement) {
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { data, errors: found } = validate(formSchema, values);
    if (data && data.password !== data.confirmPassword) found.confirmPassword = tValidation("passwordMismatch");
    setErrors(found);
    if (!data || found.confirmPassword) return;
    setBusy(true);
    try {
      await apiFetch("/api/password-reset/confirm", { method: "POST", json: { token, password: data.password } });
      toast.success(t("success"));
      router.push("/auth");
    } catch (error) {
      toast.error(errorMessage(error, t("invalid")));
      setExpired(true);
      setBusy(false);
    }
  }

  if (expired) {
    return (
      <Card className="mx-auto max-w-md" data-testid="reset-invalid">
        <CardHeader className="items-center text-center">
          <TriangleAlert className="mb-2 size-8 text-destructive" aria-hidden />
          <CardTitle>{t("invalid")}</CardTitle>
          <CardDescription>{t("invalidDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid">
          <Button asChild variant="outline">
            <Link href="/auth">{t("requestAgain")}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-md" data-testid="reset-password">
      <CardHeader>
        <KeyRound className="mb-2 size-8 text-primary" aria-hidden />
        <h1 className="text-base leading-none font-semibold">{t("pageTitle")}</h1>
        <CardDescription className="break-words">{t("pageDescription", { email: email ?? "" })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          data-testid="reset-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(e.currentTarget);
          }}
        >
          <input type="email" name="username" autoComplete="username" value={email ?? ""} readOnly hidden />
          <FormField id="reset-password" label={t("newPassword")} error={errors.password} hint={tAuth("passwordHint", { min: PASSWORD_MIN_LENGTH })}>
            <Input name="password" type="password" autoComplete="new-password" />
          </FormField>
          <FormField id="reset-confirm" label={t("confirmPassword")} error={errors.confirmPassword}>
            <Input name="confirmPassword" type="password" autoComplete="new-password" />
          </FormField>
          <Button type="submit" disabled={busy} data-testid="reset-submit">
            {t("submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
