import { getTranslations } from "next-intl/server";
import { deniedRedirect, ruleFor } from "@/lib/route-access";
import { currentClientUser } from "@/lib/server/auth/page-guard";
import { ForbiddenRedirect } from "./forbidden-redirect";

// The console's pages by the name a person knows them by (the console's own section titles).
const PAGE_NAMES = {
  "/admin": "title",
  "/daily-checkin": "dailyCheckin",
  "/admin/users": "users",
  "/user-management": "users",
  "/admin/feedback": "feedback",
  "/admin/email-progress": "emailProgress",
  "/admin/email-management": "emailManagement",
  "/admin/api-usage": "apiUsage",
  "/admin/ai-service": "aiService",
} as const;

export type GuardedConsolePath = keyof typeof PAGE_NAMES;

/**
 * 權限不足, then staff go to /admin and everyone else to /auth (docs/rules/roles-and-routes.md#protected-routes), saying which page it was
 * and who may open it, here and in the toast they still see where they land. The server knows who
 * is asking, so it renders the view and picks the way on; the browser only says it and goes. The
 * status is text, not an icon: lucide's icons are client components, and this view is in every
 * guarded page's code.
 */
export async function ForbiddenView({ path }: { path: GuardedConsolePath }) {
  const [t, tAdmin, user] = await Promise.all([getTranslations("guard"), getTranslations("admin"), currentClientUser()]);
  const rule = ruleFor(path);
  const to = deniedRedirect(user?.role);
  // Staff are never turned away from a staff page, so a staff page's refusal always goes to sign-in.
  const reason = rule?.kind === "roles" && rule.roles.includes("manager") ? "staffToSignIn" : to === "/admin" ? "adminOnlyToConsole" : "adminOnlyToSignIn";
  const page = tAdmin(PAGE_NAMES[path]);
  return (
    <div className="grid min-h-[60dvh] place-items-center p-4" data-testid="forbidden">
      <div className="max-w-md text-center">
        <p className="mb-2 text-4xl font-bold tracking-tight text-destructive" aria-hidden>
          403
        </p>
        <h1 className="text-xl font-semibold">{t("forbidden")}</h1>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="forbidden-reason">
          {t(`redirecting.${reason}`, { page })}
        </p>
      </div>
      <ForbiddenRedirect to={to} title={t("forbidden")} description={t(`redirected.${reason}`, { page })} />
    </div>
  );
}
