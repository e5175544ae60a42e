import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { findActiveShare } from "@/lib/server/queries/shared-assistants";
import { SearchX } from "lucide-react";
import { env } from "@/lib/env";
import { SharedPageShell } from "@/components/shared/shared-page-shell";

// Public page of a shared assistant. Until an owner creates a share, no id resolves to one, so
// the page answers with the spec's not-found state; sign-in already works from here.
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
  const t = await getTranslations("shared");
  return (
    <SharedPageShell shareId={shareId} googleEnabled={env.googleEnabled} title="">
      <div role="alert" className="mx-auto mt-10 max-w-md rounded-xl border bg-card p-6 text-center" data-testid="shared-error">
        <SearchX className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
        <h1 className="font-semibold">{t("loadErrorTitle")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("notFound")}</p>
      </div>
    </SharedPageShell>
  );
}
