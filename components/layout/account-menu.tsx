"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ClientUser } from "@/lib/client-user";
import { AccountButton } from "./account-button";
import type { NavItem } from "./nav-items";
import { useLoadOnUse } from "./use-load-on-use";

const loadMenu = () => import("./account-menu-content").then((m) => m.AccountMenuContent);

/** A sign-in link for visitors; for a user, the account menu, loaded on first use (use-load-on-use.ts). */
export function AccountMenu({ user, help }: { user: ClientUser | null; help: NavItem[] }) {
  const t = useTranslations("nav");
  const { loaded: Menu, byKeyboard, triggerProps } = useLoadOnUse(loadMenu);
  if (!user) {
    return (
      <Button asChild size="sm" data-testid="sign-in-link">
        <Link href="/auth">
          <LogIn />
          {t("signIn")}
        </Link>
      </Button>
    );
  }
  if (Menu) return <Menu user={user} help={help} openedByKeyboard={byKeyboard} />;
  return <AccountButton user={user} {...triggerProps} />;
}
