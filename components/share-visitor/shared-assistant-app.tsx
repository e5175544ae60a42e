"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { localStore } from "@/lib/browser-storage";
import { FORCED_REVEAL_LINE_MS, FORCED_REVEAL_MS, INAPP_LOAD_CHECKS_MS, LINE_SHARED_LOAD_DELAY_MS, SHARED_LOAD_TIMEOUT_LINE_MS, SHARED_LOAD_TIMEOUT_MS } from "@/lib/constants";
import type { VisitorShare } from "@/lib/server/present/api-types";
import { checkShareId, loadShare, type ShareLoadError } from "@/lib/share-visitor/load-share";
import { useDevice } from "@/components/chat/use-device";
import { DataProvider } from "@/components/providers/data-provider";
import { GoogleAuthReturn } from "./google-auth-return";
import { SharedChat } from "./shared-chat";
import { SharedEmptyState } from "./shared-empty-state";
import { SharedHeader } from "./shared-header";
import { SHARED_LAYOUT } from "./shared-layout";
import { SharedLoading } from "./shared-loading";
import { AWAITS_CODE_ATTRIBUTE } from "./first-intent";
import { ShareLoadErrorCard } from "./share-load-error";
import { SwitchBrowserHelp } from "./switch-browser-help";
import { GUEST_AUTH_KEY, type GuestAuthStatus } from "./use-guest-auth";

type LoadState = { status: "loading" } | { status: "ready"; share: VisitorShare } | { status: "error"; error: ShareLoadError };

export interface SharedAssistantProps {
  shareId: string;
  /** The name the server already knows (for the header before the load finishes). */
  initialName: string;
  googleEnabled: boolean;
  support: { href: string; external: boolean };
  /** The share (null: none active by this id) and the viewer, when the server sent them with the page. */
  served?: ServedShare;
  /**
   * The chat is ready as first drawn: the server knows this visitor has no conversation to load
   * (signed out, no guest key of an earlier visit), so it renders the empty chat itself, input and
   * all, rather than a spinner (shared-assistant-lazy.tsx keeps that HTML until the code arrives).
   */
  startsReady?: boolean;
  /** The server's guess from the user agent that this is a phone (useDevice). */
  mobileHint?: boolean;
  /** The promotion banner as first drawn: shown unless this browser dismissed it (a cookie tells the server). */
  promo?: boolean;
}

export interface ServedShare {
  share: VisitorShare | null;
  viewer: GuestAuthStatus;
  /** The opening questions, drawn with a new visitor's empty chat when the server had them ready. */
  openingQuestions?: string[];
}

function initialState(idProblem: ShareLoadError | null, served: ServedShare | undefined): LoadState {
  if (idProblem) return { status: "error", error: idProblem };
  if (!served) return { status: "loading" };
  return served.share ? { status: "ready", share: served.share } : { status: "error", error: { kind: "notFound" } };
}

/**
 * /shared/{shareId} in the browser (docs/rules/sharing.md#the-shared-page): loading, then the chat or an
 * error. In LINE the load starts 300 ms late and times out at 8 s (else 15 s); the content is
 * revealed once ready or, regardless, after 5 s (3 s in LINE); in in-app browsers, load checks at
 * 1.5, 3 and 5 s offer the switch-browser help while the page is still not up. When the server
 * sent the share and the viewer with the page (`served`, outside in-app browsers), the first load
 * is that answer and nothing is asked again.
 */
export function SharedAssistantApp({ shareId, initialName, googleEnabled, support, served, startsReady = false, mobileHint = false, promo = false }: SharedAssistantProps) {
  const device = useDevice(mobileHint);
  const line = device.inApp === "line";
  const [attempt, setAttempt] = useState(0);
  const idProblem = useMemo(() => checkShareId(shareId), [shareId]);
  const [state, setState] = useState<LoadState>(() => initialState(idProblem, served));
  // What the server sent stands for the first load; "reload" after an error asks again.
  const servedPending = useRef(served !== undefined);
  const [chatReady, setChatReady] = useState(startsReady);
  const [forcedReveal, setForcedReveal] = useState(false);
  const [help, setHelp] = useState<"hidden" | "shown" | "dismissed">("hidden");

  useEffect(() => {
    if (!device.known || idProblem) return;
    if (line) localStore().setItem("lineDetected", "true");
    if (servedPending.current) {
      servedPending.current = false;
      return;
    }
    let cancelled = false;
    setState({ status: "loading" });
    const timer = window.setTimeout(
      async () => {
        const result = await loadShare(shareId, { timeoutMs: line ? SHARED_LOAD_TIMEOUT_LINE_MS : SHARED_LOAD_TIMEOUT_MS });
        if (!cancelled) setState(result.ok ? { status: "ready", share: result.share } : { status: "error", error: result.error });
      },
      line ? LINE_SHARED_LOAD_DELAY_MS : 0,
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [device.known, line, shareId, attempt, idProblem]);

  const contentReady = state.status === "error" || (state.status === "ready" && chatReady);

  useEffect(() => {
    if (!device.known) return;
    const timer = window.setTimeout(() => setForcedReveal(true), line ? FORCED_REVEAL_LINE_MS : FORCED_REVEAL_MS);
    return () => window.clearTimeout(timer);
  }, [device.known, line, attempt]);

  useEffect(() => {
    if (!device.inApp || contentReady || help === "dismissed") return;
    const timers = INAPP_LOAD_CHECKS_MS.map((ms) => window.setTimeout(() => setHelp((h) => (h === "dismissed" ? h : "shown")), ms));
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [device.inApp, contentReady, help, attempt]);

  const onChatReady = useCallback(() => setChatReady(true), []);
  const visible = contentReady || forcedReveal;
  const name = state.status === "ready" ? state.share.name : initialName;

  const page = (
    <div className={SHARED_LAYOUT.page} {...{ [AWAITS_CODE_ATTRIBUTE]: "" }}>
      <GoogleAuthReturn />
      <SharedHeader name={name} shareId={shareId} googleEnabled={googleEnabled} hideSignIn={device.inApp !== null} support={support} chatShown={visible && state.status === "ready"} />
      <main id="main" className={SHARED_LAYOUT.main} data-revealed={visible ? "true" : "false"}>
        {help === "shown" && !contentReady && device.inApp && (
          <SwitchBrowserHelp
            browser={device.inApp}
            onRetry={() => {
              setHelp("hidden");
              setChatReady(false);
              setForcedReveal(false);
              setAttempt((n) => n + 1);
            }}
            onContinue={() => setHelp("dismissed")}
          />
        )}
        {(!visible || state.status === "loading") && <SharedLoading />}
        {state.status === "error" && (
          <div className="mx-auto w-full max-w-4xl">
            <ShareLoadErrorCard error={state.error} />
          </div>
        )}
        {state.status === "ready" && (
          <div className={visible ? "flex min-h-0 flex-1 flex-col" : "hidden"}>
            <SharedChat share={state.share} device={device} googleEnabled={googleEnabled} promo={promo} openingQuestions={served?.openingQuestions} onReady={onChatReady} emptyState={(suggestionsShown) => <SharedEmptyState name={state.share.name} suggestionsShown={suggestionsShown} />} />
          </div>
        )}
      </main>
    </div>
  );
  // The viewer the server saw, so the chat need not ask before it shows (use-guest-auth.ts).
  return <DataProvider fallback={served ? { [GUEST_AUTH_KEY]: served.viewer } : undefined}>{page}</DataProvider>;
}
