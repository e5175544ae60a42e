"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { cn } from "@/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

const OPTIONS = [
  { value: "admins", labelKey: "workspaceAdmins" },
  { value: "everyone", labelKey: "workspaceEveryone" },
] as const;

type WorkspaceAccess = (typeof OPTIONS)[number]["value"];

export function WorkspaceAccessSetting({ initialValue }: { initialValue: WorkspaceAccess }) {
  const t = useTranslations("admin");
  const tCommon = useTranslations("common");
  const router = useRouter();
  const [value, setValue] = useState<WorkspaceAccess>(initialValue);
  const [saving, setSaving] = useState(false);
  const [, startTransition] = useTransition();

  async function save(next: WorkspaceAccess) {
    if (next === value || saving) return;
    const previous = value;
    setValue(next);
    setSaving(true);
    try {
      await apiFetch("/api/settings/workspace-access", { method: "PUT", json: { value: next } });
      toast.success(t("workspaceSaved"));
      // The header's navigation depends on this setting and is rendered on the server.
      startTransition(() => router.refresh());
    } catch (error) {
      setValue(previous);
      const description = errorMessage(error, "");
      toast.error(t("workspaceSaveFailed"), description ? { description } : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="h-full" data-testid="workspace-access">
      <CardHeader>
        <CardTitle id="workspace-access-title">{t("workspaceAccess")}</CardTitle>
        <CardDescription id="workspace-access-description">{t("workspaceAccessDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div
          role="radiogroup"
          aria-labelledby="workspace-access-title"
          aria-describedby="workspace-access-description"
          aria-busy={saving}
          className="grid gap-3 sm:grid-cols-2"
        >
          {OPTIONS.map((option) => {
            const checked = value === option.value;
            return (
              <label
                key={option.value}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring",
                  checked ? "border-primary bg-primary/5" : "hover:bg-accent/50",
                  saving && "cursor-wait",
                )}
              >
                <input
                  type="radio"
                  name="workspace-access"
                  value={option.value}
                  checked={checked}
                  disabled={saving}
                  onChange={() => void save(option.value)}
                  data-testid={`workspace-access-${option.value}`}
                  className="size-4 accent-primary"
                />
                <span className="font-medium">{t(option.labelKey)}</span>
              </label>
            );
          })}
        </div>
        {saving ? (
          <div className="mt-3">
            <Spinner className="size-4" label={tCommon("saving")} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
