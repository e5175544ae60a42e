"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { CircleAlert } from "lucide-react";

/**
 * Why a sending control is off while no mail server is set (its id goes in the control's
 * aria-describedby), with the way to set one.
 */
export function NoMailServerNote({ id, children }: { id: string; children: React.ReactNode }) {
  const t = useTranslations("email.server");
  return (
    <p id={id} className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300" data-testid="no-mail-server-note">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {children}{" "}
        <Link href="/admin/email-management" className="font-medium underline underline-offset-2 hover:no-underline">
          {t("edit")}
        </Link>
      </span>
    </p>
  );
}
