import Link from "next/link";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Info } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { currentUser } from "@/lib/server/auth/page-guard";
import { workspaceOpenTo } from "@/lib/server/policies/workspace-access";

const SECTIONS = ["start", "upload", "chat", "suggestions", "assistant", "share", "export", "plans", "privacy", "languages"] as const;
/** What only an owner of a workspace does; the rest (chatting, suggestions) a shared assistant's visitor does too. */
const WORKSPACE_SECTIONS = new Set<(typeof SECTIONS)[number]>(["upload", "assistant", "share", "export", "plans"]);

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("guide"))("title") };
}

// The guide describes the product as this installation offers it to the reader: where workspaces
// are the admins' only, it says so first and marks what needs one; its last word leads a reader
// signed in home and anyone else to sign in.
export default async function GuidePage() {
  const [t, user] = await Promise.all([getTranslations("guide"), currentUser()]);
  const open = await workspaceOpenTo(user);
  const cta = user ? (open ? "ctaBodySignedIn" : "ctaBodySignedInClosed") : open ? "ctaBody" : "ctaBodyClosed";
  return (
    <article className="mx-auto max-w-3xl" data-testid="guide">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("intro")}</p>
      {open ? null : (
        <p className="mt-4 flex items-start gap-2 rounded-xl border bg-muted/40 p-4 text-sm leading-6" data-testid="guide-workspace-closed">
          <Info className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
          {t("closedNotice")}
        </p>
      )}
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
          <h2 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xl font-semibold">
            <span>
              {index + 1}. {t(`sections.${id}.title`)}
            </span>
            {!open && WORKSPACE_SECTIONS.has(id) ? (
              <Badge variant="secondary" data-testid={`guide-needs-workspace-${id}`}>
                {t("needsWorkspace")}
              </Badge>
            ) : null}
          </h2>
          <p className="mt-2 leading-7">{t(`sections.${id}.body`)}</p>
        </section>
      ))}
      <div className="mt-12 rounded-xl border bg-muted/40 p-6 text-center">
        <h2 className="text-lg font-semibold">{t("ctaTitle")}</h2>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="guide-cta-body">
          {t(cta)}
        </p>
        <Button asChild className="mt-4">
          <Link href={user ? "/" : "/auth"}>{user ? t("ctaHome") : t("ctaButton")}</Link>
        </Button>
      </div>
    </article>
  );
}
