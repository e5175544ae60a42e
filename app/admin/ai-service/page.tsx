import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AiServiceScreen } from "@/components/admin/ai-service/ai-service-screen";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { readAiSettings, readAiSettingsAudit } from "@/lib/server/use-cases/read-ai-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("aiService") };
}

export default async function AiServicePage() {
  const access = await pageAccess("/admin/ai-service");
  if (!access.allowed) return <ForbiddenView path="/admin/ai-service" />;
  const [initial, firstAuditPage] = await Promise.all([readAiSettings(), readAiSettingsAudit(0)]);
  return <AiServiceScreen initial={initial} firstAuditPage={firstAuditPage} />;
}
