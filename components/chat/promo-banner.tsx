"use client";

import { useLayoutEffect, useState } from "react";
import { hasPreferenceCookie, localStore, setPreferenceCookie } from "@/lib/browser-storage";
import { PROMO_DISMISSED_COOKIE } from "@/lib/constants";
import { PromoBannerView } from "./promo-banner-view";

const DISMISSED_KEY = "promoBannerDismissed";

// The cookie tells the server (the shared page's first view) what localStorage tells this code.
const rememberForServer = () => setPreferenceCookie(PROMO_DISMISSED_COOKIE, "1");

/** Invites the reader to build their own assistant; dismissed once, it stays away on this browser. */
export function PromoBanner() {
  const [visible, setVisible] = useState(false);
  // Before the first paint: on the shared page the banner replaces the server's copy of it
  // (shared-first-view.tsx), and a frame without it would shift the welcome up and back.
  useLayoutEffect(() => {
    const dismissed = localStore().getItem(DISMISSED_KEY) === "1";
    // Dismissed before the cookie existed: the server learns it from the next page load on.
    if (dismissed && !hasPreferenceCookie(PROMO_DISMISSED_COOKIE, "1")) rememberForServer();
    setVisible(!dismissed);
  }, []);
  if (!visible) return null;
  return (
    <PromoBannerView
      onDismiss={() => {
        localStore().setItem(DISMISSED_KEY, "1");
        rememberForServer();
        setVisible(false);
      }}
    />
  );
}
