import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-header";
import { FeedbackForm } from "@/components/public/feedback-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("feedbackPage"))("title") };
}

export default async function FeedbackPage() {
  const t = await getTranslations("feedbackPage");
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t("title")} description={t("description")} />
      <FeedbackForm />
    </div>
  );
}
