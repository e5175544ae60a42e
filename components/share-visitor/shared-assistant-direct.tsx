"use client";

import { useEffect, useLayoutEffect } from "react";
import dynamic from "next/dynamic";
import type { SharedAssistantProps } from "./shared-assistant-app";
import { codeArrived } from "./first-intent";

// In LINE and other webviews the shared page is rendered on the server and its code arrives with
// the page (docs/rules/sharing.md#the-shared-page-in-in-app-browsers). It is still its own chunk: the page imports this wrapper
// and SharedAssistantLazy, and a client component the page imported itself would be in every
// visitor's first load, lazy path included.
const DirectApp = dynamic(() => import("./shared-assistant-app").then((m) => m.SharedAssistantApp));

export function SharedAssistantDirect(props: SharedAssistantProps) {
  // The chat loads its messages' code on first use elsewhere; a webview fetches it with the page,
  // since a late chunk load is what fails there.
  useEffect(() => void import("@/components/chat/message-list").catch(() => undefined), []);
  // Here the code came with the page: once hydrated, nothing waits for it (first-intent.ts).
  useLayoutEffect(codeArrived, []);
  return <DirectApp {...props} />;
}
