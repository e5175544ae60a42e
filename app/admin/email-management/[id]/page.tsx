import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { env } from "@/lib/env";
import { CampaignEditor } from "@/components/email-admin/campaign-editor";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { getMailSetup } from "@/lib/server/mail/mail-settings";
import { draftView } from "@/lib/server/present/email-campaign";
import { findCampaign } from "@/lib/server/queries/email-campaigns";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("email.compose");
  return { title: t("title") };
}

export default async function CampaignEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const access = await pageAccess("/admin/email-management");
  if (!access.allowed) return <ForbiddenView path="/admin/email-management" />;
  const admin = access.user;
  const { id } = await params;
  const campaign = id.includes("\u0000") ? undefined : await findCampaign(id);
  if (!campaign) notFound();
  const mailConfigured = (await getMailSetup()).server !== null;
  return <CampaignEditor key={campaign.id} campaign={draftView(campaign)} appUrl={env.APP_URL} adminEmail={admin.email} mailConfigured={mailConfigured} />;
}
