import { useTranslations } from "next-intl";
import { CHAT_LAYOUT } from "@/components/chat/chat-layout";
import { PromoBannerView } from "@/components/chat/promo-banner-view";
import { SharedHeaderFrame } from "./shared-header-frame";
import { SHARED_LAYOUT } from "./shared-layout";
import { SharedWelcome } from "./shared-welcome";

// What the server sends a shared link's visitor to show before any of the page's code has run
// (the chat's code loads lazily, SPEC §2): the assistant's name at once instead of a spinner, and
// for a visitor who has not chatted here yet the empty chat's welcome, laid out exactly where the
// chat will put it (the same layout classes), so nothing moves when the chat takes over.

export interface SharedFirstView {
  header: React.ReactNode;
  /** The welcome for a new visitor; null where a conversation may be waiting (a spinner instead). */
  body: React.ReactNode | null;
}

/** `promo`: the promotion banner, unless this browser dismissed it (the chat leaves it out then too). */
export function sharedFirstView({ name, featureCards, newVisitor, promo }: { name: string; featureCards: React.ReactNode; newVisitor: boolean; promo: boolean }): SharedFirstView {
  return {
    header: <SharedHeaderFrame name={name} />,
    body: newVisitor ? <SharedFirstViewBody name={name} featureCards={featureCards} promo={promo} /> : null,
  };
}

function SharedFirstViewBody({ name, featureCards, promo }: { name: string; featureCards: React.ReactNode; promo: boolean }) {
  const t = useTranslations("shared");
  return (
    <>
      {/* Nothing in it works until the chat replaces it: out of the tab order and the accessibility tree. */}
      <div className={SHARED_LAYOUT.chat} inert data-testid="shared-first-view">
        <div className={SHARED_LAYOUT.notices}>{promo && <PromoBannerView />}</div>
        <div className={CHAT_LAYOUT.region}>
          <div className={CHAT_LAYOUT.scroller}>
            <div className={CHAT_LAYOUT.content}>
              <div className={SHARED_LAYOUT.emptyState}>
                <SharedWelcome name={name} featureCards={featureCards} />
              </div>
            </div>
          </div>
        </div>
      </div>
      <p className="sr-only" role="status">
        {t("loading")}
      </p>
    </>
  );
}
