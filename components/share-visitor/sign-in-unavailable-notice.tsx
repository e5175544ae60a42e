"use client";

import { useTranslations } from "next-intl";
import { LockKeyhole } from "lucide-react";
import { Button } from "@/components/ui/button";

// A plain link out of the shared page (the app's other pages have another layout, so a full load):
// next/link would bring the client router's link code into the visitor's chunk for this alone.

/**
 * In place of the input bar on a google_required share while the server has no Google sign-in:
 * visitors are told plainly why they cannot send, and someone with an account here can sign in
 * with it (any signed-in account may send on such a share) and come back.
 */
export function SignInUnavailableNotice({ shareId }: { shareId: string }) {
  const t = useTranslations("shared");
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" role="status" data-testid="sign-in-unavailable">
      <LockKeyhole className="hidden size-5 shrink-0 sm:block" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">{t("signInUnavailableTitle")}</p>
        <p className="mt-0.5 text-amber-900 dark:text-amber-100">{t("signInUnavailable")}</p>
      </div>
      <Button variant="outline" size="sm" asChild className="self-start sm:self-center">
        <a href={`/auth?next=${encodeURIComponent(`/shared/${shareId}`)}`} data-testid="sign-in-with-account">
          {t("signInWithAccount")}
        </a>
      </Button>
    </div>
  );
}
