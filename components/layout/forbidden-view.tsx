import { getTranslations } from "next-intl/server";
import { deniedRedirect } from "@/lib/route-access";
import { currentClientUser } from "@/lib/server/auth/page-guard";
import { ForbiddenRedirect } from "./forbidden-redirect";

// 權限不足, then staff go to /admin and everyone else to /auth (SPEC §2). The server knows who is
// asking, so it renders the view and picks the way on; the browser only says it and goes. (Every
// page fetches the forbidden boundary's client code, so that part stays a few lines, and the
// status is text, not an icon: lucide's icons are client components, and each boundary drawing
// one carries a copy of lucide.)
export async function ForbiddenView() {
  const [t, user] = await Promise.all([getTranslations("guard"), currentClientUser()]);
  return (
    <main className="grid min-h-[60dvh] place-items-center p-4" data-testid="forbidden">
      <div className="text-center">
        <p className="mb-2 text-4xl font-bold tracking-tight text-destructive" aria-hidden>
          403
        </p>
        <h1 className="text-xl font-semibold">{t("forbidden")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("forbiddenDescription")}</p>
      </div>
      <ForbiddenRedirect to={deniedRedirect(user?.role)} message={t("forbidden")} />
    </main>
  );
}
