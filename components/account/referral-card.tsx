"use client";

import { useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Check, Copy, UsersRound } from "lucide-react";
import { toast } from "@/lib/toast";
import { COPY_FEEDBACK_MS, REFERRAL_REWARD_PERIOD_DAYS, REFERRAL_REWARDS_PER_PERIOD, REFERRAL_TRIAL_DAYS } from "@/lib/constants";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { InlineLoadState } from "@/components/layout/data-states";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { usePlanOverview, useReferralSummary } from "@/components/plans/use-plan";

type Copied = "code" | "link" | null;

/**
 * The user's referral code and invitation link (/auth?ref=CODE), each with a copy button, and how
 * many signed up with it. The trial it earns lifts upload limits: without a workspace, it says
 * those wait for an administrator to open workspaces.
 */
export function ReferralCard() {
  const t = useTranslations("referrals");
  const { data, error, mutate } = useReferralSummary();
  const workspace = usePlanOverview().data?.workspace ?? true;
  const [copied, setCopied] = useState<Copied>(null);
  const linkRef = useRef<HTMLInputElement>(null);

  async function copy(what: Exclude<Copied, null>, text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      setTimeout(() => setCopied((c) => (c === what ? null : c)), COPY_FEEDBACK_MS);
    } catch {
      // Clipboard refused (an insecure page, a denied permission): leave the text selected to copy by hand.
      if (what === "link") linkRef.current?.select();
      toast.error(t("copyFailed"));
    }
  }

  return (
    <Card data-testid="referral-card">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription data-testid="referral-description">{t(workspace ? "description" : "descriptionNoWorkspace", { days: REFERRAL_TRIAL_DAYS })}</CardDescription>
        <p className="text-sm text-muted-foreground" data-testid="referral-rules">
          {t("rules", { days: REFERRAL_TRIAL_DAYS, max: REFERRAL_REWARDS_PER_PERIOD, period: REFERRAL_REWARD_PERIOD_DAYS })}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!data ? (
          <InlineLoadState error={error} message={t("loadFailed")} onRetry={() => void mutate()} />
        ) : (
          <>
            <div className="grid gap-1.5">
              <span className="text-sm font-medium">{t("code")}</span>
              <div className="flex flex-wrap items-center gap-2">
                <code className="rounded-md bg-muted px-3 py-1.5 font-mono text-base tracking-widest" data-testid="referral-code">
                  {data.referralCode}
                </code>
                <Button variant="outline" size="sm" onClick={() => void copy("code", data.referralCode)} data-testid="copy-referral-code">
                  {copied === "code" ? <Check aria-hidden /> : <Copy aria-hidden />}
                  {copied === "code" ? t("copied") : t("copyCode")}
                </Button>
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="referral-link">{t("link")}</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="referral-link"
                  ref={linkRef}
                  readOnly
                  value={data.inviteLink}
                  onFocus={(e) => e.currentTarget.select()}
                  className="font-mono text-xs md:text-xs"
                  data-testid="referral-link"
                />
                <Button onClick={() => void copy("link", data.inviteLink)} className="shrink-0" data-testid="copy-referral-link">
                  {copied === "link" ? <Check aria-hidden /> : <Copy aria-hidden />}
                  {copied === "link" ? t("copied") : t("copyLink")}
                </Button>
              </div>
            </div>
            <p className="flex items-center gap-2 text-sm" data-testid="invited-count">
              <UsersRound className="size-4 text-muted-foreground" aria-hidden />
              {t("invited", { count: data.invitedCount })}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
