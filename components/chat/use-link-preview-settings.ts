"use client";

import useSWR from "swr";
import type { PreviewStyle } from "@/lib/constants";
import { apiFetch } from "@/lib/fetcher";

export interface LinkPreviewSettings {
  style: PreviewStyle;
  useCustomIcon: boolean;
  customIcon: string | null;
}

export const LINK_PREVIEW_SETTINGS_KEY = "/api/link-preview-settings";

const DEFAULTS: LinkPreviewSettings = { style: "default", useCustomIcon: false, customIcon: null };

export function useLinkPreviewSettings() {
  const swr = useSWR<LinkPreviewSettings>(LINK_PREVIEW_SETTINGS_KEY, (url: string) => apiFetch<LinkPreviewSettings>(url));
  return { ...swr, settings: swr.data ?? DEFAULTS };
}
