"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { LogOut, UserRound } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { ClientUser } from "@/lib/client-user";
import { AccountButton } from "./account-button";
import type { NavItem } from "./nav-items";
import { useSignOut } from "./use-sign-out";

/** The account menu proper, loaded on first use (account-menu.tsx); opens as it mounts. */
export function AccountMenuContent({ user, help, openedByKeyboard }: { user: ClientUser; help: NavItem[]; openedByKeyboard: boolean }) {
  const t = useTranslations("nav");
  const tRoles = useTranslations("roles");
  const signOut = useSignOut();
  return (
    <DropdownMenu defaultOpen openedByKeyboard={openedByKeyboard}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <div className="truncate font-medium">{user.displayName}</div>
          <div className="truncate text-xs text-muted-foreground">{user.email}</div>
          <div className="mt-1 text-xs text-muted-foreground">{tRoles(user.role)}</div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/account">
            <UserRound />
            {t("account")}
          </Link>
        </DropdownMenuItem>
        {help.map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <Link href={item.href}>{t(item.key)}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="sign-out" onSelect={() => void signOut()}>
          <LogOut />
          {t("signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
