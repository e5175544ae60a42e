import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { PageHeader } from "@/components/layout/page-header";
import { PlanComparison } from "@/components/public/plan-comparison";
import { currentUser } from "@/lib/server/auth/page-guard";
import { workspaceOpenTo } from "@/lib/server/policies/workspace-access";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("support"))("title") };
}

export default async function SupportPage() {
  const [t, uploadsOpen] = await Promise.all([getTranslations("support"), currentUser().then(workspaceOpenTo)]);
  return (
    <div className="mx-auto max-w-4xl" data-testid="support-page">
      <PageHeader title={t("title")} description={t("description")} />
      <PlanComparison supportUrl={env.SUPPORT_URL} uploadsOpen={uploadsOpen} />
    </div>
  );
}
