import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AdminSectionEmpty } from "@/components/admin/admin-section-empty";
import { requirePage } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("emailManagement") };
}

export default async function EmailManagementPage() {
  await requirePage("/admin/email-management");
  return <AdminSectionEmpty section="emailManagement" />;
}
