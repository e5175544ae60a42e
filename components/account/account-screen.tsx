"use client";

import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/layout/page-header";
import { useCurrentUser } from "@/components/layout/use-current-user";
import { PlanOverviewCard } from "@/components/plans/plan-overview-card";
import { Spinner } from "@/components/ui/spinner";
import { EmailPreferencesCard } from "./email-preferences-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";
import { ReferralCard } from "./referral-card";
import { SessionsCard } from "./sessions-card";

export function AccountScreen() {
  const t = useTranslations("account");
  const { user } = useCurrentUser();
  if (!user) return <Spinner />;
  return (
    <div data-testid="account-screen">
      <PageHeader title={t("title")} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard user={user} />
        <PlanOverviewCard description={t("planDescription")} showPlansLink />
        <ReferralCard />
        <PasswordCard user={user} />
        <SessionsCard />
        <EmailPreferencesCard />
      </div>
    </div>
  );
}
