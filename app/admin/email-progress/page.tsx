import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CampaignProgressList } from "@/components/email-admin/campaign-progress-list";
import { requirePage } from "@/lib/server/auth/page-guard";
import { getMailSetup } from "@/lib/server/mail/mail-settings";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("emailProgress") };
}

export default async function EmailProgressPage() {
  await requirePage("/admin/email-progress");
  return <CampaignProgressList mailConfigured={(await getMailSetup()).server !== null} />;
}
