import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { CampaignProgressDetail } from "@/components/email-admin/campaign-progress-detail";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { findCampaign } from "@/lib/server/queries/email-campaigns";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("emailProgress") };
}

export default async function CampaignProgressPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await pageAccess("/admin/email-progress");
  if (!access.allowed) return <ForbiddenView path="/admin/email-progress" />;
  const { id } = await params;
  if (id.includes("\u0000") || !(await findCampaign(id))) notFound();
  return <CampaignProgressDetail campaignId={id} mailConfigured={(await getMailSetup()).server !== null} />;
}
