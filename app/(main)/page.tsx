import { Suspense } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { FeatureCards } from "@/components/home/feature-cards";
import { GuideButton } from "@/components/home/guide-button";
import { ChatScreen } from "@/components/chat/chat-screen";
import { CurrentAssistantProvider } from "@/components/chat/current-assistant";
import { AssistantsPanel, FileLibraryPanel, SharesPanel } from "@/components/workspace/workspace-tab-panels";
import { WorkspaceTabs } from "@/components/workspace/workspace-tabs";
import { DEFAULT_LOCALE } from "@/lib/constants";
import { isLocale } from "@/lib/i18n/locale-choice";
import { env } from "@/lib/env";
import { requirePage } from "@/lib/server/auth/page-guard";
import { profileOf } from "@/lib/server/present/assistant";
import { chatFirstView } from "@/lib/server/present/first-view";
import { findAssistant, defaultAssistant } from "@/lib/server/queries/assistants";
import { hasConversation, ownConversation } from "@/lib/server/queries/messages";

// The workspace home: the chat with one of the owner's assistants (?assistant=, or their default
// one; its empty state is the intro), the assistants, the file library and the shares.
export default async function HomePage({ searchParams }: { searchParams: Promise<{ assistant?: string | string[] }> }) {
  const user = await requirePage("/");
  const { assistant: asked } = await searchParams;
  const assistant = (typeof asked === "string" ? await findAssistant(user.id, asked) : undefined) ?? (await defaultAssistant(user.id));
  const [t, locale, conversation, { promo, mobileHint }] = await Promise.all([getTranslations("home"), getLocale(), hasConversation(ownConversation(assistant)), chatFirstView()]);
  const intro = (
    <div className="mx-auto max-w-3xl py-6 text-center" data-testid="home">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">{t("intro")}</p>
      <div className="mt-8 text-left">
        <FeatureCards />
      </div>
      <div className="mt-8 flex flex-col items-center gap-3">
        <GuideButton />
        <p className="text-sm text-muted-foreground">{t("hint")}</p>
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
