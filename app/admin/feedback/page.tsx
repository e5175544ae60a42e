import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FeedbackList } from "@/components/admin/feedback-list";
import { PageHeader } from "@/components/layout/page-header";
import { ForbiddenView } from "@/components/layout/forbidden-view";
import { pageAccess } from "@/lib/server/auth/page-guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminFeedback");
  return { title: t("title") };
}

export default async function AdminFeedbackPage() {
  const access = await pageAccess("/admin/feedback");
  if (!access.allowed) return <ForbiddenView path="/admin/feedback" />;
  const t = await getTranslations("adminFeedback");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <FeedbackList />
    </>
  );
}
