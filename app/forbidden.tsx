import { getTranslations } from "next-intl/server";
import { ShieldAlert } from "lucide-react";
import { deniedRedirect } from "@/lib/route-access";
import { currentClientUser } from "@/lib/server/auth/page-guard";
import { ForbiddenRedirect } from "@/components/layout/forbidden-redirect";

// Rendered by forbidden() from any guarded page whose role rule the user does not meet: 權限不足,
// then staff go to /admin and everyone else to /auth (SPEC §2). The server knows who is asking,
// so it renders the page and picks the way on; the browser only says it and goes. (Every page
// fetches this boundary's client code, so that part stays a few lines.)
export default async function Forbidden() {
  const [t, user] = await Promise.all([getTranslations("guard"), currentClientUser()]);
  return (
    <main className="grid min-h-[60dvh] place-items-center p-4" data-testid="forbidden">
      <div className="text-center">
        <ShieldAlert className="mx-auto mb-3 size-10 text-destructive" aria-hidden />
        <h1 className="text-xl font-semibold">{t("forbidden")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("forbiddenDescription")}</p>
      </div>
      <ForbiddenRedirect to={deniedRedirect(user?.role)} message={t("forbidden")} />
    </main>
  );
}
