import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { InsightsScreen } from "@/components/insights/insights-screen";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { AppError } from "@/lib/server/errors";
import { insightsAssistant } from "@/lib/server/policies/insights-access";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("insights"))("title") };
}

export default async function InsightsPage({ params, searchParams }: { params: Promise<{ assistantId: string }>; searchParams: Promise<{ conversation?: string | string[] }> }) {
  const { assistantId } = await params;
  const path = `/insights/${encodeURIComponent(assistantId)}`;
  const access = await pageAccess(path);
  // Without a workspace there is no assistant of theirs to read about.
  if (!access.allowed) notFound();
  // Another owner's assistant is not found, as the API says; an admin reads every one, and only its owner writes answers.
  const assistant = await insightsAssistant(access.user, assistantId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const { conversation } = await searchParams;
  return <InsightsScreen assistantId={assistant.id} openConversation={typeof conversation === "string" ? conversation : undefined} canWrite={assistant.ownerId === access.user.id} />;
}
