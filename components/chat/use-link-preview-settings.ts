"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/fetcher";
import type { LinkPreviewSettings } from "@/lib/server/present/api-types";
import { useAssistantScope, withAssistant } from "./current-assistant";

export const LINK_PREVIEW_SETTINGS_KEY = "/api/link-preview-settings";

const DEFAULTS: LinkPreviewSettings = { style: "default", useCustomIcon: false, customIcon: null };

/** The link-card settings of the chat's assistant; `url(path)` addresses its routes (the settings, the icon) for that assistant. */
export function useLinkPreviewSettings() {
  const assistantId = useAssistantScope();
  const key = withAssistant(LINK_PREVIEW_SETTINGS_KEY, assistantId);
  const swr = useSWR<LinkPreviewSettings>(key, (url: string) => apiFetch<LinkPreviewSettings>(url));
  const url = (path: "" | "/icon") => withAssistant(`${LINK_PREVIEW_SETTINGS_KEY}${path}`, assistantId);
  return { ...swr, settings: swr.data ?? DEFAULTS, url };
}
