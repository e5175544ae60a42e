import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { detectInAppBrowser } from "@/lib/chat/in-app-browser";
import { env } from "@/lib/env";
import { supportLink } from "@/lib/support-link";
import { findActiveShare } from "@/lib/server/queries/shared-assistants";
import { FeatureCards } from "@/components/home/feature-cards";
import { SharedAssistantApp } from "@/components/share-visitor/shared-assistant-app";
import { SharedAssistantLazy } from "@/components/share-visitor/shared-assistant-lazy";

// Public page of a shared assistant. The server renders what link unfurlers read (title, Open
// Graph); the chat itself loads in the browser.

/** The share's name as the page title (with the product suffix) and its social preview. */
export async function generateMetadata({ params }: { params: Promise<{ shareId: string }> }): Promise<Metadata> {
  const { shareId } = await params;
  const t = await getTranslations("sharePreview");
  const share = await findActiveShare(shareId);
  const title = share?.name ?? t("notFound");
  const description = share ? t("description", { name: share.name }) : t("notFoundHint");
  return {
    title,
    description,
    openGraph: { title, description, type: "website", url: `/shared/${shareId}`, siteName: t("product") },
    twitter: { card: "summary_large_image", title, description },
  };
}

export default async function SharedAssistantPage({ params }: { params: Promise<{ shareId: string }> }) {
  const { shareId } = await params;
  const share = await findActiveShare(shareId);
  const props = {
    shareId,
    initialName: share?.name ?? "",
    googleEnabled: env.googleEnabled,
    support: supportLink(env.SUPPORT_URL),
    featureCards: <FeatureCards />,
  };
  // In-app browsers get the page directly; elsewhere it loads lazily (SPEC §2).
  const inApp = detectInAppBrowser((await headers()).get("user-agent") ?? "") !== null;
  return inApp ? <SharedAssistantApp {...props} /> : <SharedAssistantLazy {...props} />;
}
