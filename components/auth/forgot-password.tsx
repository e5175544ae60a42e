"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { MailCheck } from "lucide-react";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/**
 * "Forgot your password?" on the sign-in tab. With mail set up: a form that asks for a reset link
 * (the answer never says whether the address has an account). Without: who can help instead.
 */
export function ForgotPassword({ mailEnabled, initialEmail, onBack }: { mailEnabled: boolean; initialEmail: string; onBack: () => void }) {
  const t = useTranslations("passwordReset");
  const tAuth = useTranslations("auth");
  const validate = useZodFormErrors();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // The schema, and zod with it, load on first use (as the sign-in form's).
    const schemas = await import("@/lib/schemas/email").catch(() => null);
    if (!schemas) return setError(t("failed"));
    const { data, errors } = validate(schemas.testSendSchema, { to: email });
    setError(errors.to);
    if (!data) return;
    setBusy(true);
    try {
      await apiFetch("/api/password-reset", { method: "POST", json: { email: data.to } });
      setSent(true);
    } catch (e) {
      setError(errorMessage(e, t("failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4" data-testid="forgot-password">
      <div>
        <h2 className="font-semibold">{t("requestTitle")}</h2>
        {mailEnabled ? <p className="mt-1 text-sm text-muted-foreground">{t("requestDescription")}</p> : null}
      </div>
      {!mailEnabled ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="forgot-no-mail">
          {t("noMail")}
        </p>
      ) : sent ? (
        <p role="status" className="flex items-start gap-2 rounded-md bg-success/10 px-3 py-2 text-sm" data-testid="forgot-sent">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {t("sent")}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4" data-testid="forgot-form">
          <FormField id="forgot-email" label={tAuth("email")} error={error}>
            {/* Opened by a click on "Forgot your password?": the field to fill is where focus goes. */}
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" inputMode="email" autoFocus />
          </FormField>
          <Button type="submit" disabled={busy} data-testid="forgot-submit">
            {busy ? t("sending") : t("send")}
          </Button>
        </form>
      )}
      <Button type="button" variant="link" className="justify-self-start px-0" onClick={onBack} data-testid="forgot-back">
        {t("back")}
      </Button>
    </div>
  );
}
