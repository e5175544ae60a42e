import { useTranslations } from "next-intl";
import { Sparkles, X } from "lucide-react";

// No "use client": the shared page's first view (rendered on the server, before any code runs)
// shows the same banner the chat shows once its code has arrived.

/** The banner itself; without `onDismiss` (the first view) its close button does nothing yet. */
export function PromoBannerView({ onDismiss }: { onDismiss?: () => void }) {
  const t = useTranslations("chat");
  return (
    // Compact on a phone: every line here is a line less of the conversation.
    <aside className="flex items-center gap-2 rounded-xl border border-primary/30 bg-gradient-to-r from-primary/10 to-transparent px-3 py-1.5 text-xs sm:gap-3 sm:px-4 sm:py-2.5 sm:text-sm" data-testid="promo-banner">
      <Sparkles className="size-4 shrink-0 text-primary sm:size-5" aria-hidden />
      {/* A phone's narrow banner says it in fewer words rather than cutting the sentence off. */}
      <p className="line-clamp-2 flex-1">
        <span className="sm:hidden">{t("promoTextShort")}</span>
        <span className="hidden sm:inline">{t("promoText")}</span>
      </p>
      {/* A new tab: a plain link (the client router has nothing to do for it). */}
      <a href="/guide" target="_blank" className="shrink-0 font-medium text-primary underline-offset-2 hover:underline">
        {t("promoAction")}
      </a>
      <button
        type="button"
        onClick={onDismiss}
        disabled={!onDismiss}
        className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
        aria-label={t("dismiss")}
        data-testid="promo-dismiss"
      >
        <X className="size-4" />
      </button>
    </aside>
  );
}
