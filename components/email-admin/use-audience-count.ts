"use client";

import { useEffect, useState } from "react";
import { apiFetch } from "@/lib/fetcher";
import type { AudienceCount } from "@/lib/server/present/api-types";
import { audienceSchema, type Audience } from "@/lib/schemas/email";

const COUNT_DELAY_MS = 400;

export type AudienceCountState = { kind: "loading" } | { kind: "error" } | { kind: "invalid" } | { kind: "done"; total: number; unsubscribed: number };

/** How many the audience holds now (asked again a moment after it changes). */
export function useAudienceCount(audience: Audience): AudienceCountState {
  const [state, setState] = useState<AudienceCountState>({ kind: "loading" });
  const key = JSON.stringify(audience);
  useEffect(() => {
    const parsed = audienceSchema.safeParse(JSON.parse(key));
    if (!parsed.success) {
      setState({ kind: "invalid" });
      return;
    }
    let live = true;
    setState({ kind: "loading" });
    const timer = setTimeout(() => {
      apiFetch<AudienceCount>("/api/email/audience-count", { method: "POST", json: { audience: parsed.data } }).then(
        (count) => live && setState({ kind: "done", ...count }),
        () => live && setState({ kind: "error" }),
      );
    }, COUNT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return state;
}
