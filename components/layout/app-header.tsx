"use client";

import { useState } from "react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { FileText, Menu, X } from "lucide-react";
import { cn } from "@/lib/utils";
import { Button } from "@/components/ui/button";
import { AccountMenu } from "./account-menu";
import { LanguageSwitcher } from "./language-switcher";
import { ThemeToggle } from "./theme-toggle";
import { navItemsFor } from "./nav-items";
import { useCurrentUser } from "./use-current-user";
import { TOP_BAR_ATTRIBUTE } from "./top-bar";
import { SkipLink } from "./skip-link";
import { workspaceTab } from "@/components/workspace/workspace-tab";

export function AppHeader({ workspaceForEveryone }: { workspaceForEveryone: boolean }) {
  const t = useTranslations("nav");
  const tApp = useTranslations("app");
  const pathname = usePathname();
  const params = useSearchParams();
  // The workspace's chat: a keyboard reader skips the header and a long conversation to the message box.
  const onChat = pathname === "/" && workspaceTab(params) === "chat";
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { primary, help } = navItemsFor(user?.role, workspaceForEveryone);
  // The most specific matching item is the active one (/admin/users, not also /admin).
  const matches = (href: string) => (href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`));
  const activeHref = [...primary, ...help].map((i) => i.href).filter(matches).sort((a, b) => b.length - a.length)[0];
  const isActive = (href: string) => href === activeHref;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70" {...{ [TOP_BAR_ATTRIBUTE]: "" }}>
      {onChat ? <SkipLink to="message-box">{tApp("skipToMessageBox")}</SkipLink> : null}
      <SkipLink to="main">{tApp("skipToContent")}</SkipLink>
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={open ? t("closeMenu") : t("openMenu")}
          aria-expanded={open}
          aria-controls="mobile-nav"
          data-testid="mobile-menu-toggle"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X /> : <Menu />}
        </Button>
        <Link href={user ? "/" : "/guide"} className="flex items-center gap-2 font-semibold" data-testid="brand">
          <FileText className="size-5 text-primary" aria-hidden />
          {/* Hidden on phones but still the link's name (a link with no name goes nowhere for a screen reader). */}
          <span className="sr-only whitespace-nowrap sm:not-sr-only">{tApp("name")}</span>
        </Link>
        <nav aria-label={t("menu")} className="ml-4 hidden items-center gap-1 md:flex" data-testid="main-nav">
          {primary.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              data-testid={`nav-${item.key}`}
              aria-current={isActive(item.href) ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-foreground",
                isActive(item.href) && "bg-accent font-medium text-foreground",
              )}
            >
              {t(item.key)}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeToggle />
          <AccountMenu user={user} help={help} />
        </div>
      </div>
      {open ? (
        <nav id="mobile-nav" aria-label={t("menu")} className="border-t px-4 py-2 md:hidden" data-testid="mobile-nav">
          <ul className="grid gap-1">
            {[...primary, ...help].map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={() => setOpen(false)}
                  aria-current={isActive(item.href) ? "page" : undefined}
                  className={cn("block rounded-md px-3 py-2 text-sm hover:bg-accent", isActive(item.href) && "bg-accent font-medium")}
                >
                  {t(item.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
