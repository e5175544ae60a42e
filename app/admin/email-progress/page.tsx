import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminSectionEmpty } from "@/components/admin/admin-section-empty";
import { requirePage } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("emailProgress") };
}

export default async function EmailProgressPage() {
  await requirePage("/admin/email-progress");
  return <AdminSectionEmpty section="emailProgress" />;
}
