import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DailyCheckin } from "@/components/checkin/daily-checkin";
import { PageHeader } from "@/components/layout/page-header";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dailyCheckin");
  return { title: t("title") };
}

export default async function DailyCheckinPage() {
  const access = await pageAccess("/daily-checkin");
  if (!access.allowed) return <ForbiddenView path="/daily-checkin" />;
  const t = await getTranslations("dailyCheckin");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DailyCheckin />
    </>
  );
}
