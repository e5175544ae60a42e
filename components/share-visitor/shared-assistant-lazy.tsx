"use client";

import { lazy, Suspense, useEffect, useLayoutEffect } from "react";
import type { SharedAssistantProps } from "./shared-assistant-app";
import { codeArrived, firstIntent, skipIntent } from "./first-intent";
import { SharedLoading } from "./shared-loading";

// Outside in-app browsers the shared chat's code is not part of the page's first load
// (docs/rules/sharing.md#the-shared-page). The server renders the chat in full, in the page's first flush; the browser
// shows that HTML as it is and keeps it while the code is on its way (a Suspense boundary waiting
// on a lazy component leaves the server's HTML alone), then React adopts the same elements: a box
// focused and text typed meanwhile stay as they are. For a new visitor, whose chat the server drew
// ready and empty, the code is fetched at the first sign of a person (first-intent.ts); for anyone
// with a conversation to load (signed in, a returning guest), at once.
//
// React's server sends a boundary's content this large (over ~12 KB) apart from the page around
// it, to be swapped in by its runtime. The fallback is therefore the same chat, inert: whichever of
// the two is painted first, the page looks the same (early-intent-script.ts swaps them as soon as
// the chat is parsed). Without a boundary, hydration would wait at the page's root, and React
// retries a root that waits there in a loop that keeps a phone's CPU busy until the visitor
// touches the page.

function CodeArrived() {
  // A layout effect: set before the browser can deliver another click, which React now handles itself.
  useLayoutEffect(codeArrived, []);
  return null;
}

let loading: Promise<{ default: React.ComponentType<SharedAssistantProps> }> | null = null;
const load = (deferred: boolean) => {
  if (!deferred) skipIntent();
  return (loading ??= firstIntent()
    .then(() => import("./shared-assistant-app"))
    .then(({ SharedAssistantApp }) => ({
      default: function WithCodeArrived(props: SharedAssistantProps) {
        return (
          <>
            <SharedAssistantApp {...props} />
            <CodeArrived />
          </>
        );
      },
    })));
};

const DeferredApp = lazy(() => load(true));
const App = lazy(() => load(false));

// On the server the chat renders at once: through React.lazy it would wait on the module's import.
// (The branch is dropped from the browser's bundle, where Next replaces typeof window.)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ServerApp: React.ComponentType<SharedAssistantProps> | null = typeof window === "undefined" ? require("./shared-assistant-app").SharedAssistantApp : null;

/**
 * In the browser, shown only if React could not keep the server's HTML (it renders the boundary
 * anew then): the code is needed now, whatever the visitor has done so far.
 */
function Fallback() {
  useEffect(skipIntent, []);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center">
      <SharedLoading />
    </div>
  );
}

/** `startsReady` (a new visitor, nothing to load) is also what lets the code wait for the visitor. */
export function SharedAssistantLazy(props: SharedAssistantProps) {
  const Chosen = ServerApp ?? (props.startsReady ? DeferredApp : App);
  const fallback = ServerApp ? (
    <div inert data-server-copy="">
      <ServerApp {...props} />
    </div>
  ) : (
    <Fallback />
  );
  return (
    <Suspense fallback={fallback}>
      <Chosen {...props} />
    </Suspense>
  );
}
