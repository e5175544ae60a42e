"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import type { EmailPreferences } from "@/lib/server/present/api-types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/**
 * Campaigns, and the weekly insights digest, each on or off: where someone who stopped either from
 * a message's link turns it back on.
 */
export function EmailPreferencesCard() {
  const t = useTranslations("unsubscribe");
  const tApp = useTranslations("app");
  const { data, mutate } = useSWR<EmailPreferences>("/api/user/email-preferences", jsonFetcher, { revalidateOnMount: true });

  async function toggle(change: Partial<EmailPreferences>, done: string) {
    try {
      await mutate(apiFetch<EmailPreferences>("/api/user/email-preferences", { method: "PUT", json: change }), {
        optimisticData: (current) => ({ campaigns: false, insightsDigest: false, ...current, ...change }),
        rollbackOnError: true,
      });
      toast.success(done);
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
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor="email-campaigns">{t("accountToggle")}</Label>
          <Switch
            id="email-campaigns"
            checked={data?.campaigns ?? false}
            disabled={!data}
            onCheckedChange={(v) => void toggle({ campaigns: v }, v ? t("accountOn") : t("accountOff"))}
            data-testid="email-campaigns-toggle"
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="email-insights-digest">{t("digestToggle")}</Label>
            <p id="email-insights-digest-description" className="text-sm text-muted-foreground">
              {t("digestToggleDescription")}
            </p>
          </div>
          <Switch
            id="email-insights-digest"
            aria-describedby="email-insights-digest-description"
            checked={data?.insightsDigest ?? false}
            disabled={!data}
            onCheckedChange={(v) => void toggle({ insightsDigest: v }, v ? t("digestOn") : t("digestOff"))}
            data-testid="email-insights-digest-toggle"
          />
        </div>
      </CardContent>
    </Card>
  );
}
