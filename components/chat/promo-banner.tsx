"use client";

import { useLayoutEffect, useState } from "react";
import { localStore } from "@/lib/browser-storage";
import { PromoBannerView } from "./promo-banner-view";

const DISMISSED_KEY = "promoBannerDismissed";

/** Invites the reader to build their own assistant; dismissed once, it stays away on this browser. */
export function PromoBanner() {
  const [visible, setVisible] = useState(false);
  // Before the first paint: on the shared page the banner replaces the server's copy of it
  // (shared-first-view.tsx), and a frame without it would shift the welcome up and back.
  useLayoutEffect(() => setVisible(localStore().getItem(DISMISSED_KEY) !== "1"), []);
  if (!visible) return null;
  return (
    <PromoBannerView
      onDismiss={() => {
        localStore().setItem(DISMISSED_KEY, "1");
        setVisible(false);
      }}
    />
  );
}
