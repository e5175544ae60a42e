"use client";

import { useState } from "react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { CheckCircle2 } from "lucide-react";
import { FEEDBACK_CATEGORIES, feedbackSchema } from "@/lib/schemas/feedback";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentUser } from "@/components/layout/use-current-user";

export function FeedbackForm() {
  const t = useTranslations("feedbackPage");
  const tCommon = useTranslations("common");
  const pathname = usePathname();
  const { user } = useCurrentUser();
  const validate = useZodFormErrors();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(form: HTMLFormElement) {
    const { data, errors } = validate(feedbackSchema, { ...Object.fromEntries(new FormData(form)), pagePath: pathname });
    setErrors(errors);
    if (!data) return;
    setBusy(true);
    try {
      await apiFetch("/api/feedback", { method: "POST", json: data });
      toast.success(t("success"), { description: t("successDescription") });
      setSent(true);
    } catch (error) {
      toast.error(t("failed"), { description: errorMessage(error, t("failed")) });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Card data-testid="feedback-sent">
        <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
          <CheckCircle2 className="size-10 text-success" aria-hidden />
          <p className="font-medium">{t("success")}</p>
          <p className="text-sm text-muted-foreground">{t("successDescription")}</p>
          <Button variant="outline" onClick={() => setSent(false)}>
            {t("sendAnother")}
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          data-testid="feedback-form"
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit(e.currentTarget);
          }}
        >
          <FormField id="feedback-category" label={t("category")} error={errors.category}>
            <NativeSelect name="category" defaultValue="other">
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id="feedback-message" label={t("message")} error={errors.message}>
            <Textarea name="message" rows={6} placeholder={t("messagePlaceholder")} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="feedback-name" label={`${t("name")} ${tCommon("optional")}`} error={errors.name}>
              <Input name="name" defaultValue={user?.displayName ?? ""} autoComplete="name" />
            </FormField>
            <FormField id="feedback-email" label={`${t("email")} ${tCommon("optional")}`} error={errors.email} hint={t("emailHint")}>
              <Input name="email" type="email" defaultValue={user?.email ?? ""} autoComplete="email" />
            </FormField>
          </div>
          <Button type="submit" disabled={busy} className="justify-self-start" data-testid="feedback-submit">
            {busy ? t("submitting") : t("submit")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
