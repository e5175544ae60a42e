"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { EMAIL_DRAFT_SAVE_DELAY_MS } from "@/lib/constants";
import { localStore } from "@/lib/browser-storage";
import { draftCopyKey, pickCopy, readCopy } from "@/lib/email/draft-copy";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { campaignDraftSchema } from "@/lib/schemas/email";
import { draftOf, formValues, isFormValues, type CampaignFormValues } from "./campaign-form";
import type { CampaignDraftView } from "@/lib/server/present/api-types";

export type SaveState = { kind: "saved"; at: Date } | { kind: "saving" } | { kind: "pending" } | { kind: "error"; message: string };

/**
 * The compose form's values, saved as they are typed: at once to this browser, and to the server
 * once typing pauses and the values are valid. Field errors come back as i18n keys by field path.
 */
export function useCampaignDraft(campaign: CampaignDraftView, editable: boolean) {
  const t = useTranslations("email.compose");
  const tRoot = useTranslations();
  const key = draftCopyKey(campaign.id);
  const [values, setValues] = useState<CampaignFormValues>(() => formValues(campaign));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>({ kind: "saved", at: new Date(campaign.updatedAt) });
  const latest = useRef(values);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);

  const validate = useCallback(
    (v: CampaignFormValues) => {
      const parsed = campaignDraftSchema.safeParse(draftOf(v));
      if (parsed.success) return { data: parsed.data, errors: {} };
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join(".");
        found[path] ??= tRoot.has(issue.message as never) ? tRoot(issue.message as never) : tRoot("errors.validation");
      }
      return { data: undefined, errors: found };
    },
    [tRoot],
  );

  const saveNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current;
    const snapshot = latest.current;
    const { data, errors: found } = validate(snapshot);
    setErrors(found);
    if (!data) {
      setSave({ kind: "error", message: Object.values(found)[0] ?? "" });
      return false;
    }
    setSave({ kind: "saving" });
    const request = (async () => {
      try {
        const saved = await apiFetch<CampaignDraftView>(`/api/email/campaigns/${campaign.id}`, { method: "PUT", json: data });
        // Typing went on meanwhile: the browser's copy still holds more than the server.
        if (latest.current === snapshot) localStore().removeItem(key);
        setSave(latest.current === snapshot ? { kind: "saved", at: new Date(saved.updatedAt) } : { kind: "pending" });
        return true;
      } catch (error) {
        setSave({ kind: "error", message: errorMessage(error, t("notSaved", { error: "" })) });
        return false;
      }
    })();
    inFlight.current = request;
    const ok = await request;
    inFlight.current = null;
    return ok;
  }, [campaign.id, key, t, validate]);

  // Once, on opening: a copy this browser kept and the server never got comes back.
  useEffect(() => {
    if (!editable) return;
    const local = readCopy(localStore().getItem(key), isFormValues);
    const picked = pickCopy({ value: formValues(campaign), updatedAt: campaign.updatedAt }, local);
    if (picked.restored) {
      latest.current = picked.value;
      setValues(picked.value);
      toast(t("restored"));
      void saveNow();
    }
    // Only the campaign it was opened with.
  }, [campaign.id]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const update = useCallback(
    (changes: Partial<CampaignFormValues>) => {
      if (!editable) return;
      const next = { ...latest.current, ...changes };
      latest.current = next;
      setValues(next);
      localStore().setItem(key, JSON.stringify({ value: next, editedAt: Date.now() }));
      setSave({ kind: "pending" });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), EMAIL_DRAFT_SAVE_DELAY_MS);
    },
    [editable, key, saveNow],
  );

  return { values, errors, save, update, saveNow, draft: draftOf(values) };
}
