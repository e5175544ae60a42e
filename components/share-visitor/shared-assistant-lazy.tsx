"use client";

import { lazy, useLayoutEffect } from "react";
import type { SharedAssistantProps } from "./shared-assistant-app";
import { codeArrived, firstIntent, skipIntent } from "./first-intent";

// Outside in-app browsers the shared chat's code is not part of the page's first load (SPEC §2:
// "it loads lazily"). The server renders the chat in full, in the page's first flush; the browser
// shows that HTML as it is and keeps it while the code is on its way (hydration waits on the lazy
// component below), then React adopts the same elements: a box focused and text typed meanwhile
// stay as they are. For a new visitor, whose chat the server drew ready and empty, the code is
// fetched at the first sign of a person (first-intent.ts); for anyone with a conversation to load
// (signed in, a returning guest), at once.
//
// There is deliberately no Suspense boundary around it. React sends a boundary's content this
// large after the page's first flush and reveals it at least 300 ms after the first paint, showing
// the fallback until then; without one, the chat is in the first flush, and the page's hydration
// as a whole waits for the code (nothing else on this page needs code before the visitor does).

export interface SharedAssistantLazyProps extends SharedAssistantProps {
  /** Fetch the code only once someone reaches for the page. */
  deferred?: boolean;
}

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

export function SharedAssistantLazy({ deferred = false, ...props }: SharedAssistantLazyProps) {
  const Chosen = ServerApp ?? (deferred ? DeferredApp : App);
  return <Chosen {...props} />;
}
