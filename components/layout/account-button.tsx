"use client";

import { useTranslations } from "next-intl";
import { UserRound } from "lucide-react";
import type { ClientUser } from "@/lib/client-user";
import { Button } from "@/components/ui/button";

/** The account menu's button, the same before and after the menu itself has loaded. */
export function AccountButton({ user, ...props }: { user: ClientUser } & React.ComponentProps<typeof Button>) {
  const t = useTranslations("nav");
  return (
    <Button variant="outline" size="sm" data-testid="account-menu" className="max-w-44" aria-haspopup="menu" {...props}>
      <UserRound />
      {/* The visible name leads the accessible one (WCAG 2.5.3), the menu's purpose follows. */}
      <span className="truncate">{user.displayName}</span>
      <span className="sr-only">, {t("accountMenu")}</span>
    </Button>
  );
}
