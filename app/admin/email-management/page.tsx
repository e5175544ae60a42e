import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmailManagement } from "@/components/email-admin/email-management";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { mailSettingsView } from "@/lib/server/mail/mail-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("emailManagement") };
}

export default async function EmailManagementPage() {
  const access = await pageAccess("/admin/email-management");
  if (!access.allowed) return <ForbiddenView path="/admin/email-management" />;
  const admin = access.user;
  return <EmailManagement initialSettings={await mailSettingsView()} adminEmail={admin.email} />;
}
