import { getTranslations } from "next-intl/server";
import { FileQuestion } from "lucide-react";
import { Button } from "@/components/ui/button";

// A plain link home rather than next/link: this boundary's code is part of every page's first load
// (the shared page's among them, which has no other use for the client router's link), and going
// home from a missing page gains nothing from a client-side navigation.
export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <main className="grid min-h-dvh place-items-center p-4" data-testid="not-found">
      <div className="max-w-md text-center">
        <FileQuestion className="mx-auto mb-4 size-12 text-muted-foreground" aria-hidden />
        <h1 className="mb-2 text-2xl font-semibold">{t("title")}</h1>
        <p className="mb-6 text-muted-foreground">{t("description")}</p>
        <Button asChild>
          <a href="/">{t("home")}</a>
        </Button>
      </div>
    </main>
  );
}
