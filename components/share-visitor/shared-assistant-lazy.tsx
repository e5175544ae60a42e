"use client";

import { createContext, useContext } from "react";
import dynamic from "next/dynamic";
import type { SharedAssistantProps } from "./shared-assistant-app";
import { SHARED_LAYOUT } from "./shared-layout";
import { SharedLoading } from "./shared-loading";

// The server's first view (shared-first-view.tsx) for the placeholder below: next/dynamic gives
// its placeholder no props.
const FirstView = createContext<SharedAssistantProps["firstView"]>(undefined);

function Loading() {
  const firstView = useContext(FirstView);
  if (!firstView) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center">
        <SharedLoading />
      </div>
    );
  }
  return (
    <div className={SHARED_LAYOUT.page}>
      {firstView.header}
      <main id="main" className={SHARED_LAYOUT.main}>
        {firstView.body ?? <SharedLoading />}
      </main>
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
  return (
    <FirstView value={props.firstView}>
      <LazyApp {...props} />
    </FirstView>
  );
}
