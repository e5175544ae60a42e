import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmailManagement } from "@/components/email-admin/email-management";
import { requirePage } from "@/lib/server/auth/page-guard";
import { mailSettingsView } from "@/lib/server/mail/mail-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("emailManagement") };
}

export default async function EmailManagementPage() {
  const admin = await requirePage("/admin/email-management");
  return <EmailManagement initialSettings={await mailSettingsView()} adminEmail={admin.email} />;
}
