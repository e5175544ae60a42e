import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

export type UnavailableReason = "unknown" | "malformed" | "ended" | "assistantGone";

const TEXT = {
  unknown: { title: "notFound", detail: "notFoundDetail" },
  malformed: { title: "invalidLink", detail: "notFoundDetail" },
  ended: { title: "linkEnded", detail: "linkEndedDetail" },
  assistantGone: { title: "assistantGone", detail: "assistantGoneDetail" },
} as const;

// Lucide's search-x and link-2-off (ISC), drawn here: lucide's components are client code, and
// anything client-side this page used would load with every live share's page too.
const GLYPHS = {
  unknown: (
    <>
      <path d="m13.5 8.5-5 5" />
      <path d="m8.5 8.5 5 5" />
      <circle cx="11" cy="11" r="8" />
      <path d="m21 21-4.3-4.3" />
    </>
  ),
  ended: (
    <>
      <path d="M9 17H7A5 5 0 0 1 7 7" />
      <path d="M15 7h2a5 5 0 0 1 4 8" />
      <line x1="8" x2="12" y1="12" y2="12" />
      <line x1="2" x2="22" y1="2" y2="22" />
    </>
  ),
};

/**
 * /shared/{shareId} for a link that leads nowhere, drawn by the server with the status the proxy
 * gave it (404, or 410 for a link its owner ended or whose assistant they deleted): what happened, in the reader's language, and a
 * way home. Nothing of a live share (no service badges, no reload: reloading cannot bring it back),
 * and no client code (a plain link home).
 */
export async function ShareLinkUnavailable({ reason }: { reason: UnavailableReason }) {
  const t = await getTranslations("shared");
  const tApp = await getTranslations("app");
  return (
    <div className="flex min-h-dvh flex-col" data-testid="share-unavailable" data-reason={reason}>
      <header className="border-b">
        <p className="mx-auto flex min-h-14 max-w-4xl items-center px-3 font-semibold sm:px-4">{tApp("name")}</p>
      </header>
      <main className="grid flex-1 place-items-center p-4">
        <div className="w-full max-w-md rounded-xl border bg-card p-6 text-center text-card-foreground shadow-sm">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="mx-auto mb-3 size-10 text-muted-foreground"
            aria-hidden
          >
            {GLYPHS[reason === "ended" || reason === "assistantGone" ? "ended" : "unknown"]}
          </svg>
          <h1 className="text-lg font-semibold text-balance" data-testid="share-unavailable-title">
            {t(TEXT[reason].title)}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground" data-testid="share-unavailable-detail">
            {t(TEXT[reason].detail)}
          </p>
          <Button asChild className="mt-5">
            <a href="/" data-testid="share-unavailable-home">
              {t("backHome")}
            </a>
          </Button>
        </div>
      </main>
    </div>
  );
}
