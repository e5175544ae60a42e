import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { resolveLocale } from "@/lib/i18n/locale";
import { shareProfile } from "@/lib/server/present/assistant";
import { readShareLink } from "@/lib/server/use-cases/read-share-link";

// The share's name as the page title (with the product suffix) and its social preview. Here rather
// than on the page: for a link answered with 404 Next resolves the metadata of the layouts only,
// and such a link's title should still say the assistant was not found. (Next marks a page answered
// with an error status noindex by itself.)
export async function generateMetadata({ params }: { params: Promise<{ shareId: string }> }): Promise<Metadata> {
  const { shareId } = await params;
  const [t, locale, { share, state, assistantDeleted }] = await Promise.all([getTranslations("sharePreview"), getLocale(), readShareLink(shareId)]);
  const name = share ? shareProfile(share, resolveLocale(locale)).name : null;
  const title = name ?? (state === "ended" ? t("ended") : t("notFound"));
  const description = name !== null ? t("description", { name }) : assistantDeleted ? t("assistantGoneHint") : state === "ended" ? t("endedHint") : t("notFoundHint");
  return {
    title,
    description,
    openGraph: { title, description, type: "website", url: `/shared/${shareId}`, siteName: t("product") },
    twitter: { card: "summary_large_image", title, description },
  };
}

export default function SharedAssistantLayout({ children }: { children: React.ReactNode }) {
  return children;
}
