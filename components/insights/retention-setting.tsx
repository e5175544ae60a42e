"use client";

import { useId, useState } from "react";
import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { toast } from "@/lib/toast";

const CHOICES = [30, 90, 180, 365] as const;

/** How long the assistant's conversations are kept: for ever, or a number of days (older ones go once a day). */
export function RetentionSetting({ assistantId, days, onSaved }: { assistantId: string; days: number | null; onSaved: () => void }) {
  const t = useTranslations("insights");
  const id = useId();
  const [value, setValue] = useState(days === null ? "" : String(days));
  const choices = days !== null && !CHOICES.includes(days as (typeof CHOICES)[number]) ? [...CHOICES, days].sort((a, b) => a - b) : CHOICES;

  const change = async (next: string) => {
    const previous = value;
    setValue(next);
    try {
      await apiFetch(`/api/assistants/${encodeURIComponent(assistantId)}/retention`, { method: "PUT", json: { days: next === "" ? null : Number(next) } });
      toast.success(t("retentionSaved"));
      onSaved();
    } catch (failure) {
      setValue(previous);
      toast.error(errorMessage(failure, t("retentionFailed")));
    }
  };

  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-sm whitespace-nowrap">
        {t("retentionLabel")}
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => void change(e.target.value)} className="w-36" data-testid="retention-setting">
        <option value="">{t("retentionForever")}</option>
        {choices.map((n) => (
          <option key={n} value={String(n)}>
            {t("retentionDays", { days: n })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
