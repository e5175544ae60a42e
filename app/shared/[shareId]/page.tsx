import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { detectInAppBrowser } from "@/lib/chat/in-app-browser";
import { PROMO_DISMISSED_COOKIE } from "@/lib/constants";
import { env } from "@/lib/env";
import { supportLink } from "@/lib/support-link";
import { currentClientUser } from "@/lib/server/auth/page-guard";
import { EMBEDDED_GUEST_KEY_COOKIE, GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { toVisitorShare } from "@/lib/server/present/share";
import { findActiveShare } from "@/lib/server/queries/shared-assistants";
import { FeatureCards } from "@/components/home/feature-cards";
import { SharedAssistantDirect } from "@/components/share-visitor/shared-assistant-direct";
import { SharedAssistantLazy } from "@/components/share-visitor/shared-assistant-lazy";
import type { ServedShare } from "@/components/share-visitor/shared-assistant-app";
import { sharedFirstView } from "@/components/share-visitor/shared-first-view";

// Public page of a shared assistant. The server renders what link unfurlers read (title, Open
// Graph) and a first view (the name, and a new visitor's welcome); the chat itself runs in the browser.

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
  const [share, user] = await Promise.all([findActiveShare(shareId), currentClientUser()]);
  const props = {
    shareId,
    initialName: share?.name ?? "",
    googleEnabled: env.googleEnabled,
    support: supportLink(env.SUPPORT_URL),
    featureCards: <FeatureCards headingLevel={3} />,
  };
  // In-app browsers get the page directly and load the share from there, as SPEC §4 describes
  // (the LINE delay, the load checks). Elsewhere the page's code loads lazily (SPEC §2), and the
  // share and who is visiting come with the page: the visitor sees the assistant as soon as the
  // code has arrived, not after two more round trips on a slow phone connection.
  const inApp = detectInAppBrowser((await headers()).get("user-agent") ?? "") !== null;
  if (inApp) return <SharedAssistantDirect {...props} />;
  const served: ServedShare = {
    share: share ? toVisitorShare(share, user?.id ?? null) : null,
    viewer: { isAuthenticated: user !== null, user: user ? { id: user.id, displayName: user.displayName, email: user.email, role: user.role } : null },
  };
  // The welcome goes in the first view only for someone with no conversation to come back to:
  // signed out, and no guest key from an earlier visit (a returning guest would see it flash).
  const cookieStore = await cookies();
  const newVisitor = !user && !cookieStore.has(GUEST_KEY_COOKIE) && !cookieStore.has(EMBEDDED_GUEST_KEY_COOKIE);
  const promo = cookieStore.get(PROMO_DISMISSED_COOKIE)?.value !== "1";
  const firstView = share ? sharedFirstView({ name: share.name, featureCards: props.featureCards, newVisitor, promo }) : undefined;
  return <SharedAssistantLazy {...props} served={served} firstView={firstView} />;
}
