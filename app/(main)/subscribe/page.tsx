import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { PageHeader } from "@/components/layout/page-header";
import { PlanComparison } from "@/components/public/plan-comparison";
import { requirePage } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("subscribe"))("title") };
}

export default async function SubscribePage() {
  await requirePage("/subscribe");
  const t = await getTranslations("subscribe");
  return (
    <div className="mx-auto max-w-4xl" data-testid="subscribe-page">
      <PageHeader title={t("title")} description={t("description")} />
      <PlanComparison supportUrl={env.SUPPORT_URL} />
    </div>
  );
}
