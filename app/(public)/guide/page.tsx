import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

const SECTIONS = ["start", "upload", "chat", "suggestions", "assistant", "share", "export", "plans", "privacy", "languages"] as const;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("guide"))("title") };
}

export default async function GuidePage() {
  const t = await getTranslations("guide");
  return (
    <article className="mx-auto max-w-3xl" data-testid="guide">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro")}</p>
      <nav aria-labelledby="guide-toc" className="mt-6 rounded-xl border bg-card p-5">
        <h2 id="guide-toc" className="text-sm font-medium text-muted-foreground">
          {t("toc")}
        </h2>
        <ol className="mt-2 grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="text-primary hover:underline">
                {t(`sections.${id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((id, index) => (
        <section key={id} id={id} className="mt-10 scroll-mt-20">
          <h2 className="text-xl font-semibold">
            {index + 1}. {t(`sections.${id}.title`)}
          </h2>
          <p className="mt-2 leading-7">{t(`sections.${id}.body`)}</p>
        </section>
      ))}
      <div className="mt-12 rounded-xl border bg-muted/40 p-6 text-center">
        <h2 className="text-lg font-semibold">{t("ctaTitle")}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("ctaBody")}</p>
        <Button asChild className="mt-4">
          <Link href="/auth">{t("ctaButton")}</Link>
        </Button>
      </div>
    </article>
  );
}
