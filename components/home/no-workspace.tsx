import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { BookOpen, Link2, MessageSquare, UserRound, type LucideIcon } from "lucide-react";

interface Item {
  key: "shares" | "account" | "feedback" | "guide";
  icon: LucideIcon;
  /** Where it is; none for the shares, which are reached by the link someone sends. */
  href?: string;
}

const ITEMS: Item[] = [
  { key: "shares", icon: Link2 },
  { key: "account", icon: UserRound, href: "/account" },
  { key: "feedback", icon: MessageSquare, href: "/feedback" },
  { key: "guide", icon: BookOpen, href: "/guide" },
];

/**
 * The home of someone signed in without a workspace (docs/rules/roles-and-routes.md#who-has-a-workspace: workspaces are the
 * staff's, admins and managers, unless an admin opens them to everyone): why there is none, who decides, what they can
 * use here meanwhile, and what a referral trial they hold waits for. Not an error: nothing went
 * wrong, this installation is set up this way.
 */
export async function NoWorkspace({ name, trialEndsAt }: { name: string; trialEndsAt: Date | null }) {
  const [t, format] = await Promise.all([getTranslations("noWorkspace"), getFormatter()]);
  const items = ITEMS;
  return (
    <div className="mx-auto max-w-3xl py-2 md:py-6" data-testid="no-workspace">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("title", { name })}</h1>
      <p className="mt-3 leading-7 text-muted-foreground" data-testid="no-workspace-why">
        {t("why")}
      </p>
      {trialEndsAt ? (
        <p className="mt-4 rounded-lg bg-success/10 px-4 py-3 text-sm" data-testid="no-workspace-trial">
          {t("trial", { date: format.dateTime(trialEndsAt, { dateStyle: "medium", timeStyle: "short" }) })}
        </p>
      ) : null}
      <h2 className="mt-8 text-base font-semibold">{t("canDo")}</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="no-workspace-options">
        {items.map(({ key, icon: Icon, href }) => {
          const body = (
            <>
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <span className="grid content-start gap-1">
                <span className="font-medium">{t(`${key}.title`)}</span>
                <span className="text-sm text-muted-foreground">{t(`${key}.body`)}</span>
              </span>
            </>
          );
          const box = "flex h-full gap-3 rounded-xl border bg-card p-4 shadow-sm";
          return (
            <li key={key} data-testid={`no-workspace-${key}`}>
              {href ? (
                <Link href={href} className={`${box} outline-none transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50`}>
                  {body}
                </Link>
              ) : (
                <div className={box}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm text-muted-foreground" data-testid="no-workspace-how">
        {t("howToOpen")}
      </p>
    </div>
  );
}
