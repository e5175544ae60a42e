"use client";

import { useState } from "react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { Copy, Check } from "lucide-react";
import { toast } from "sonner";
import {
  COPY_FEEDBACK_MS,
  FREE_MAX_FILE_BYTES,
  FREE_MONTHLY_UPLOADS,
  REFERRAL_TRIAL_DAYS,
  SUPPORTER_MAX_FILE_BYTES,
} from "@/lib/constants";
import type { ClientUser } from "@/lib/client-user";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const MB = 1024 * 1024;

export function PlanCard({ user }: { user: ClientUser }) {
  const t = useTranslations("account");
  const tPlans = useTranslations("plans");
  const format = useFormatter();
  const [copied, setCopied] = useState(false);
  const supporter = user.effectivePlan === "supporter";
  const trialActive = user.trialEndsAt !== null && new Date(user.trialEndsAt).getTime() > Date.now();

  async function copyCode() {
    try {
      await navigator.clipboard.writeText(user.referralCode);
      setCopied(true);
      setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    } catch {
      toast.error(t("copyFailed"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("plan")}</CardTitle>
        <CardDescription>{t("planDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={supporter ? "default" : "secondary"} data-testid="account-plan">
            {tPlans(user.plan)}
          </Badge>
          {trialActive ? (
            <Badge variant="success">{t("trialUntil", { date: format.dateTime(new Date(user.trialEndsAt!), { dateStyle: "medium" }) })}</Badge>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground" data-testid="plan-limits">
          {user.role === "admin"
            ? t("adminUnlimited", { size: SUPPORTER_MAX_FILE_BYTES / MB })
            : supporter
            ? t("uploadsUnlimited", { size: SUPPORTER_MAX_FILE_BYTES / MB })
            : t("uploadsLimit", { count: FREE_MONTHLY_UPLOADS, size: FREE_MAX_FILE_BYTES / MB })}
        </p>
        {!supporter && user.role !== "admin" ? (
          <Button asChild variant="outline" className="justify-self-start">
            <Link href="/support">{t("upgrade")}</Link>
          </Button>
        ) : null}
        <div className="rounded-lg border p-4">
          <h3 className="text-sm font-medium">{t("referral")}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{t("referralDescription", { days: REFERRAL_TRIAL_DAYS })}</p>
          <div className="mt-3 flex items-center gap-2">
            <span className="text-xs text-muted-foreground">{t("referralCode")}</span>
            <code className="rounded bg-muted px-2 py-1 font-mono text-sm tracking-wider" data-testid="referral-code">
              {user.referralCode}
            </code>
            <Button variant="ghost" size="sm" onClick={() => void copyCode()} aria-label={t("copy")}>
              {copied ? <Check /> : <Copy />}
              {copied ? t("copied") : t("copy")}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
