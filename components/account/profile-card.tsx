"use client";

import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { useSWRConfig } from "swr";
import { updateProfileSchema } from "@/lib/schemas/auth";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import type { ClientUser } from "@/lib/client-user";
import type { CurrentUser } from "@/lib/server/present/api-types";
import { useZodFormErrors } from "@/lib/use-zod-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

export function ProfileCard({ user }: { user: ClientUser }) {
  const t = useTranslations("account");
  const tAuth = useTranslations("auth");
  const tRoles = useTranslations("roles");
  const tCommon = useTranslations("common");
  const format = useFormatter();
  const { mutate } = useSWRConfig();
  const validate = useZodFormErrors();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(form: HTMLFormElement) {
    const { data, errors } = validate(updateProfileSchema, Object.fromEntries(new FormData(form)));
    setErrors(errors);
    if (!data) return;
    setBusy(true);
    try {
      const updated = await apiFetch<CurrentUser>("/api/user", { method: "PATCH", json: data });
      await mutate("/api/user", updated, { revalidate: false });
      toast.success(t("profileSaved"));
    } catch (error) {
      toast.error(t("profileSaveFailed"), { description: errorMessage(error, t("profileSaveFailed")) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile")}</CardTitle>
        <CardDescription>{t("profileDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t("email")}</dt>
          <dd className="break-all" data-testid="account-email">{user.email}</dd>
          <dt className="text-muted-foreground">{t("role")}</dt>
          <dd data-testid="account-role">{tRoles(user.role)}</dd>
          <dt className="text-muted-foreground">{t("memberSince")}</dt>
          <dd>{format.dateTime(new Date(user.createdAt), { dateStyle: "medium" })}</dd>
        </dl>
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit(e.currentTarget);
          }}
        >
          <FormField id="profile-displayName" label={tAuth("displayName")} error={errors.displayName}>
            <Input name="displayName" defaultValue={user.displayName} autoComplete="nickname" />
          </FormField>
          <Button type="submit" disabled={busy} data-testid="profile-save">
            {busy ? tCommon("saving") : tCommon("save")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
