import { cookies, headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { detectInAppBrowser } from "@/lib/chat/in-app-browser";
import { env } from "@/lib/env";
import { supportLink } from "@/lib/support-link";
import { currentClientUser } from "@/lib/server/auth/page-guard";
import { chatFirstView } from "@/lib/server/present/first-view";
import { EMBEDDED_GUEST_KEY_COOKIE, GUEST_KEY_COOKIE } from "@/lib/server/policies/guest-identity";
import { toVisitorShare } from "@/lib/server/present/share";
import { isWellFormedShareId } from "@/lib/server/policies/share-page";
import { readShareLink } from "@/lib/server/use-cases/read-share-link";
import { shareKnowledge } from "@/lib/server/policies/share-access";
import { shareProfile } from "@/lib/server/present/assistant";
import type { SharedAssistantRow } from "@/lib/server/queries/shared-assistants";
import { readyInitialQuestions } from "@/lib/server/use-cases/suggest-questions";
import { log } from "@/lib/server/log";
import { DEFAULT_LOCALE, SUGGESTIONS_SHOWN_DESKTOP } from "@/lib/constants";
import { isLocale } from "@/lib/i18n/locale-choice";
import { ShareLinkUnavailable } from "@/components/share-visitor/share-link-unavailable";
import { resolveLocale } from "@/lib/i18n/locale";
import { SharedAssistantDirect } from "@/components/share-visitor/shared-assistant-direct";
import { EarlyIntentScriptTag } from "@/components/share-visitor/early-intent-script-tag";
import { SharedAssistantLazy } from "@/components/share-visitor/shared-assistant-lazy";
import type { ServedShare } from "@/components/share-visitor/shared-assistant-app";

// Public page of a shared assistant. The server renders what link unfurlers read (title, Open
// Graph: layout.tsx) and the chat as it first appears (for a new visitor: ready, with its welcome
// and input); the chat's code follows (components/share-visitor/shared-assistant-lazy.tsx). A link
// that leads nowhere gets a page that says so, with the status the proxy answered it with (404, or
// 410 for a link its owner ended).

/** As many opening questions as the chat shows, when reading them takes no work; the page is drawn without them on any failure. */
async function openingQuestionsReady(share: SharedAssistantRow): Promise<string[] | undefined> {
  try {
    const locale = await getLocale();
    const questions = await readyInitialQuestions({ assistantId: share.assistant?.id ?? null, knowledge: await shareKnowledge(share), locale: isLocale(locale) ? locale : DEFAULT_LOCALE });
    return questions?.slice(0, SUGGESTIONS_SHOWN_DESKTOP);
  } catch (error) {
    log.warn("opening questions for the shared page failed", { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

export default async function SharedAssistantPage({ params }: { params: Promise<{ shareId: string }> }) {
  const { shareId } = await params;
  const [{ share, state, assistantDeleted }, user, locale] = await Promise.all([readShareLink(shareId), currentClientUser(), getLocale().then(resolveLocale)]);
  if (!share) return <ShareLinkUnavailable reason={assistantDeleted ? "assistantGone" : state === "ended" ? "ended" : isWellFormedShareId(shareId) ? "unknown" : "malformed"} />;
  const props = {
    shareId,
    initialName: shareProfile(share, locale).name,
    googleEnabled: env.googleEnabled,
    support: supportLink(env.SUPPORT_URL),
  };
  // In-app browsers get the page directly and load the share from there (the LINE delay, the load
  // checks: docs/rules/sharing.md#the-shared-page-in-in-app-browsers). Elsewhere the page's code loads lazily, and the
  // share and who is visiting come with the page: the server draws the chat with them, and the
  // code has no round trips to make before it takes over.
  const requestHeaders = await headers();
  const userAgent = requestHeaders.get("user-agent") ?? "";
  const inApp = detectInAppBrowser(userAgent) !== null;
  if (inApp) return <SharedAssistantDirect {...props} />;
  // The chat is drawn ready (welcome and input) only for someone with no conversation to come back
  // to: signed out, and no guest key from an earlier visit. Only then does its code wait for the
  // visitor's first touch; anyone else's conversation is loaded at once, behind a spinner.
  const cookieStore = await cookies();
  const newVisitor = !user && !cookieStore.has(GUEST_KEY_COOKIE) && !cookieStore.has(EMBEDDED_GUEST_KEY_COOKIE);
  // The opening questions are drawn with the welcome when they are ready (stored, or the fixed
  // list), so a visitor who has not touched the page yet sees what to ask; otherwise the chat asks
  // for them once it runs.
  const [openingQuestions, { promo, mobileHint }] = await Promise.all([newVisitor ? openingQuestionsReady(share) : undefined, chatFirstView()]);
  const served: ServedShare = {
    share: toVisitorShare(share, user?.id ?? null, locale),
    viewer: { isAuthenticated: user !== null, user: user ? { id: user.id, displayName: user.displayName, email: user.email, role: user.role } : null },
    openingQuestions,
  };
  return (
    <>
      <EarlyIntentScriptTag />
      <SharedAssistantLazy {...props} served={served} startsReady={newVisitor} mobileHint={mobileHint} promo={promo} />
    </>
  );
}
