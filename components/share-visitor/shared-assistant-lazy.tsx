"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";
import type { SharedAssistantProps } from "./shared-assistant-app";

function Loading() {
  const t = useTranslations("shared");
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground" role="status" data-testid="shared-loading">
      <Spinner className="size-6" />
      <p className="text-sm">{t("loading")}</p>
    </div>
  );
}

// Outside in-app browsers the shared page's code is fetched after the first paint (SPEC §2: "it
// loads lazily"); in LINE and other webviews, where late chunk loads are unreliable, the page
// imports it directly instead (app/shared/[shareId]/page.tsx).
const loadApp = () => import("./shared-assistant-app").then((m) => m.SharedAssistantApp);
// The download starts as this module runs, while React is still hydrating the page, rather than
// once the placeholder has mounted; the first paint is the server's either way.
if (typeof window !== "undefined") void loadApp().catch(() => undefined);
const LazyApp = dynamic(loadApp, { ssr: false, loading: Loading });

export function SharedAssistantLazy(props: SharedAssistantProps) {
  return <LazyApp {...props} />;
}
