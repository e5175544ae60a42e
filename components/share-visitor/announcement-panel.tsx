"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Megaphone, X } from "lucide-react";
import { localStore } from "@/lib/browser-storage";

const dismissedKey = (shareId: string) => `announcementDismissed_${shareId}`;

/**
 * The pinned announcement, for the owner's view only (docs/rules/sharing.md#pinned-announcement; the server sends it to
 * nobody else). Dismissed, it stays away until its text changes.
 */
export function AnnouncementPanel({ shareId, text }: { shareId: string; text: string }) {
  const t = useTranslations("shared");
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(localStore().getItem(dismissedKey(shareId)) !== text), [shareId, text]);
  if (!visible) return null;
  return (
    <aside className="flex items-start gap-3 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50" data-testid="announcement-panel">
      <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t("announcementTitle")}</p>
        <p className="mt-0.5 whitespace-pre-wrap break-words">{text}</p>
      </div>
      <button
        type="button"
        onClick={() => {
          localStore().setItem(dismissedKey(shareId), text);
          setVisible(false);
        }}
        className="rounded p-1 hover:bg-sky-100 dark:hover:bg-sky-900"
        aria-label={t("dismiss")}
        data-testid="announcement-dismiss"
      >
        <X className="size-4" />
      </button>
    </aside>
  );
}
