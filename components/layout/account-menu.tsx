"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { LogIn, LogOut, UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { ClientUser } from "@/lib/client-user";
import type { NavItem } from "./nav-items";
import { useSignOut } from "./use-sign-out";

export function AccountMenu({ user, help }: { user: ClientUser | null; help: NavItem[] }) {
  const t = useTranslations("nav");
  const tRoles = useTranslations("roles");
  const signOut = useSignOut();
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="account-menu" className="max-w-44">
          <UserRound />
          {/* The name read out includes the visible one (WCAG 2.5.3, label in name). */}
          <span className="sr-only">{t("accountMenu")} </span>
          <span className="truncate">{user.displayName}</span>
        </Button>
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
