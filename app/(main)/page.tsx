import { Suspense } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { FeatureCards } from "@/components/home/feature-cards";
import { GuideButton } from "@/components/home/guide-button";
import { NoWorkspace } from "@/components/home/no-workspace";
import { WorkspaceHint } from "@/components/home/workspace-hint";
import { ChatScreen } from "@/components/chat/chat-screen";
import { CurrentAssistantProvider } from "@/components/chat/current-assistant";
import { AssistantsPanel, FileLibraryPanel, SharesPanel } from "@/components/workspace/workspace-tab-panels";
import { WorkspaceTabs } from "@/components/workspace/workspace-tabs";
import { DEFAULT_LOCALE } from "@/lib/constants";
import { isLocale } from "@/lib/i18n/locale-choice";
import { env } from "@/lib/env";
import { documentsState } from "@/lib/documents-state";
import { pageAccess } from "@/lib/server/auth/page-guard";
import { trialActive } from "@/lib/server/policies/effective-plan";
import { profileOf } from "@/lib/server/present/assistant";
import { chatFirstView } from "@/lib/server/present/first-view";
import { countDocumentStatuses } from "@/lib/server/queries/documents";
import { defaultAssistant, findAssistant } from "@/lib/server/queries/assistants";
import { hasConversation, ownConversation } from "@/lib/server/queries/messages";

// The workspace home: the chat with one of the owner's assistants (?assistant=, or their default
// one; its empty state is the intro), the assistants, the file library and the shares. Someone
// signed in without a workspace is told why, and what they can use here instead.
export default async function HomePage({ searchParams }: { searchParams: Promise<{ assistant?: string | string[] }> }) {
  const { allowed, user } = await pageAccess("/");
  if (!allowed) return <NoWorkspace name={user.displayName} trialEndsAt={trialActive(user) ? user.trialEndsAt : null} />;
  const { assistant: asked } = await searchParams;
  const assistant = (typeof asked === "string" ? await findAssistant(user.id, asked) : undefined) ?? (await defaultAssistant(user.id));
  const [t, locale, conversation, statuses, { promo, mobileHint }] = await Promise.all([
    getTranslations("home"),
    getLocale(),
    hasConversation(ownConversation(assistant)),
    countDocumentStatuses(user.id),
    chatFirstView(),
  ]);
  const intro = (
    <div className="mx-auto max-w-3xl py-6 text-center" data-testid="home">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("intro")}</p>
      <div className="mt-8 text-left">
        <FeatureCards />
      </div>
      <div className="mt-8 flex flex-col items-center gap-3">
        <GuideButton />
        <WorkspaceHint initial={documentsState(statuses)} />
      </div>
    </div>
  );
  return (
    <Suspense>
      <WorkspaceTabs
        chat={
          // The header's name, and the conversation asked for, are this assistant's from the first frame.
          <CurrentAssistantProvider drawn={{ id: assistant.id, ...profileOf(assistant, isLocale(locale) ? locale : DEFAULT_LOCALE) }}>
            <ChatScreen emptyState={intro} expectConversation={conversation} promo={promo} mobileHint={mobileHint} />
          </CurrentAssistantProvider>
        }
        assistants={<AssistantsPanel />}
        files={<FileLibraryPanel />}
        shares={<SharesPanel googleEnabled={env.googleEnabled} />}
      />
    </Suspense>
  );
}
