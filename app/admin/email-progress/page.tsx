import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CampaignProgressList } from "@/components/email-admin/campaign-progress-list";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("emailProgress") };
}

export default async function EmailProgressPage() {
  const access = await pageAccess("/admin/email-progress");
  if (!access.allowed) return <ForbiddenView path="/admin/email-progress" />;
  return <CampaignProgressList mailConfigured={(await getMailSetup()).server !== null} />;
}
