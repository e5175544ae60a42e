import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { PageHeader } from "@/components/layout/page-header";
import { BecomeSupporter } from "@/components/plans/become-supporter";
import { PlanOverviewCard } from "@/components/plans/plan-overview-card";
import { PlanComparison } from "@/components/public/plan-comparison";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { readPlanOverview } from "@/lib/server/use-cases/read-plan-overview";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subscribe"))("title") };
}

export default async function SubscribePage() {
  const { user } = await pageAccess("/subscribe");
  const t = await getTranslations("subscribe");
  const overview = await readPlanOverview(user);
  return (
    <div className="mx-auto grid max-w-4xl gap-6" data-testid="subscribe-page">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6 md:grid-cols-2">
        <PlanOverviewCard initial={overview} />
        <BecomeSupporter supportUrl={env.SUPPORT_URL} initial={overview} />
      </div>
      <PlanComparison supportUrl={env.SUPPORT_URL} showDonate={false} uploadsOpen={overview.workspace} />
    </div>
  );
}
