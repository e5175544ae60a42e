"use client";

import { useEffect, useState } from "react";
import { detectInAppBrowser, type InAppBrowser } from "@/lib/chat/in-app-browser";
import { isMobile } from "@/lib/google-auth-flow";

export interface Device {
  /** False until the browser has been read: nothing that depends on it (suggestions) starts before. */
  known: boolean;
  mobile: boolean;
  inApp: InAppBrowser | null;
}

/**
 * Phone or desktop (user agent or a width of 768 px or less) and which in-app browser, if any.
 * `mobileHint`: the server's guess from the user agent, for what is drawn before the browser has
 * been read (the shared page's server-rendered chat: a phone's short placeholder from the start).
 */
export function useDevice(mobileHint = false): Device {
  const [device, setDevice] = useState<Device>({ known: false, mobile: mobileHint, inApp: null });
  useEffect(() => {
    const update = () => setDevice({ known: true, mobile: isMobile(navigator.userAgent, window.innerWidth), inApp: detectInAppBrowser(navigator.userAgent) });
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return device;
}
