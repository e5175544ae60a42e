import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

// This boundary's client code is part of every page's first load, in a chunk of its own, so it
// uses none: a plain link home rather than next/link (the shared page has no other use for the
// client router's link), and the status as text rather than an icon (lucide's icons are client
// components, so each boundary drawing one carried its own copy of lucide's code).
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main className="grid min-h-dvh place-items-center p-4" data-testid="not-found">
      <div className="max-w-md text-center">
        <p className="mb-3 text-5xl font-bold tracking-tight text-muted-foreground" aria-hidden>
          404
        </p>
        <h1 className="mb-2 text-2xl font-semibold">{t("title")}</h1>
        <p className="mb-6 text-muted-foreground">{t("description")}</p>
        <Button asChild>
          <a href="/">{t("home")}</a>
        </Button>
      </div>
    </main>
  );
}
