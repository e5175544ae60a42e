import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminSectionEmpty } from "@/components/admin/admin-section-empty";
import { requirePage } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("aiService") };
}

export default async function AiServicePage() {
  await requirePage("/admin/ai-service");
  return <AdminSectionEmpty section="aiService" />;
}
