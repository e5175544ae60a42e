"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Trash2, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { LinkPreviewButton } from "./chat-header-buttons";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { CUSTOM_ICON_MAX_BYTES, PREVIEW_STYLES, type PreviewStyle } from "@/lib/constants";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { cn } from "@/lib/utils";
import type { LinkPreviewSettings } from "@/lib/server/present/api-types";
import { useLinkPreviewSettings } from "./use-link-preview-settings";

/** The link-card settings: the six styles and a custom icon (the switch works only while one exists). */
function SettingsPanel() {
  const t = useTranslations("linkPreview");
  const { settings, mutate, url } = useLinkPreviewSettings();
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const save = async (changes: Partial<Pick<LinkPreviewSettings, "style" | "useCustomIcon">>) => {
    setSaving(true);
    try {
      await mutate(await apiFetch<LinkPreviewSettings>(url(""), { method: "PUT", json: changes }), { revalidate: false });
    } catch (error) {
      toast.error(errorMessage(error, t("saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) return void toast.error(t("iconFormat"));
    if (file.size > CUSTOM_ICON_MAX_BYTES) return void toast.error(t("iconTooLarge"));
    setSaving(true);
    try {
      const form = new FormData();
      form.append("icon", file);
      await mutate(await apiFetch<LinkPreviewSettings>(url("/icon"), { method: "POST", body: form }), { revalidate: false });
      toast.success(t("iconUploaded"));
    } catch (error) {
      toast.error(t("uploadFailed"), { description: errorMessage(error, "") || undefined });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    setSaving(true);
    try {
      await mutate(await apiFetch<LinkPreviewSettings>(url("/icon"), { method: "DELETE" }), { revalidate: false });
      toast.success(t("iconRemoved"));
    } catch (error) {
      toast.error(errorMessage(error, t("saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-4" data-testid="link-preview-settings">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t("style")}</legend>
        <div className="grid grid-cols-2 gap-2" role="radiogroup">
          {PREVIEW_STYLES.map((style: PreviewStyle) => (
            <button
              key={style}
              type="button"
              role="radio"
              aria-checked={settings.style === style}
              disabled={saving}
              onClick={() => void save({ style })}
              className={cn("rounded-md border px-3 py-2 text-left text-sm transition-colors hover:bg-accent", settings.style === style && "border-primary bg-primary/10 font-medium")}
              data-testid={`preview-style-${style}`}
            >
              {t(`styles.${style}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="space-y-2">
        <p className="text-sm font-medium">{t("customIcon")}</p>
        <p className="text-xs text-muted-foreground">{t("customIconHint")}</p>
        <div className="flex items-center gap-3">
          {settings.customIcon ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={settings.customIcon} alt="" className="h-12 w-20 rounded border object-cover" data-testid="custom-icon" />
          ) : (
            <div className="flex h-12 w-20 items-center justify-center rounded border border-dashed text-xs text-muted-foreground">{t("noIcon")}</div>
          )}
          <Button type="button" variant="outline" size="sm" disabled={saving} onClick={() => fileInput.current?.click()} data-testid="upload-icon">
            <Upload />
            {t("uploadIcon")}
          </Button>
          {settings.customIcon && (
            <Button type="button" variant="ghost" size="icon" disabled={saving} onClick={() => void remove()} aria-label={t("removeIcon")} data-testid="remove-icon">
              <Trash2 />
            </Button>
          )}
          <input ref={fileInput} type="file" accept="image/*" className="hidden" data-testid="icon-file" onChange={(e) => { void upload(e.target.files?.[0]); e.target.value = ""; }} />
        </div>
        <label className={cn("flex items-center gap-2 text-sm", !settings.customIcon && "opacity-50")}>
          <input
            type="checkbox"
            checked={settings.useCustomIcon}
            disabled={!settings.customIcon || saving}
            onChange={(e) => void save({ useCustomIcon: e.target.checked })}
            className="size-4 accent-primary"
            data-testid="use-custom-icon"
          />
          {t("useCustomIcon")}
        </label>
      </div>
    </div>
  );
}

/**
 * The settings as a bottom sheet on a phone and as a dropdown panel on a wider screen; opens as it
 * mounts (loaded on first use, chat-header.tsx).
 */
export function LinkPreviewSettingsControl({ mobile }: { mobile: boolean }) {
  const t = useTranslations("linkPreview");
  const trigger = <LinkPreviewButton />;
  // Open on the first render only: turning a phone (sheet ↔ panel) later must not open it again.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
  }, []);
  if (mobile) {
    return (
      <Dialog defaultOpen={!mounted.current}>
        <DialogTrigger asChild>{trigger}</DialogTrigger>
        <DialogContent
          closeLabel={t("close")}
          className="top-auto bottom-0 left-0 w-full max-w-none translate-x-0 translate-y-0 rounded-t-2xl rounded-b-none data-[state=open]:slide-in-from-bottom"
          data-testid="link-preview-sheet"
        >
          <DialogTitle>{t("title")}</DialogTitle>
          <SettingsPanel />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Popover defaultOpen={!mounted.current}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent aria-label={t("title")} data-testid="link-preview-dropdown">
        <p className="mb-3 font-medium">{t("title")}</p>
        <SettingsPanel />
      </PopoverContent>
    </Popover>
  );
}
