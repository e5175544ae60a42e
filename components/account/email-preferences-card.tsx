"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import type { EmailPreferences } from "@/lib/server/present/api-types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/** Campaigns on or off: where someone who unsubscribed from a message turns them back on. */
export function EmailPreferencesCard() {
  const t = useTranslations("unsubscribe");
  const tApp = useTranslations("app");
  const { data, mutate } = useSWR<EmailPreferences>("/api/user/email-preferences", jsonFetcher, { revalidateOnMount: true });

  async function toggle(campaigns: boolean) {
    try {
      await mutate(apiFetch<EmailPreferences>("/api/user/email-preferences", { method: "PUT", json: { campaigns } }), {
        optimisticData: { campaigns },
        rollbackOnError: true,
      });
      toast.success(campaigns ? t("accountOn") : t("accountOff"));
    } catch (error) {
      toast.error(errorMessage(error, t("failed")));
    }
  }

  return (
    <Card data-testid="email-preferences">
      <CardHeader>
        <CardTitle>{t("accountTitle")}</CardTitle>
        <CardDescription>{t("accountDescription", { product: tApp("name") })}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center justify-between gap-4">
        <Label htmlFor="email-campaigns">{t("accountToggle")}</Label>
        <Switch id="email-campaigns" checked={data?.campaigns ?? false} disabled={!data} onCheckedChange={(v) => void toggle(v)} data-testid="email-campaigns-toggle" />
      </CardContent>
    </Card>
  );
}
