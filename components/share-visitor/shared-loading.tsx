import { useTranslations } from "next-intl";
import { Loader2 } from "lucide-react";

// No "use client" of its own: shown by the chat while it loads, and while its code does.

/** The shared page's "loading the shared assistant" state. */
export function SharedLoading() {
  const t = useTranslations("shared");
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-muted-foreground" role="status" data-testid="shared-loading">
      {/* Not <Spinner>: its class merging (tailwind-merge) would join the page's first load. */}
      <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
      <p className="text-sm">{t("loading")}</p>
    </div>
  );
}
