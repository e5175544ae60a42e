"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { apiFetch, errorMessage } from "@/lib/fetcher";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { WorkspaceAccessOptions, type WorkspaceAccessValue } from "./workspace-access-options";

export function WorkspaceAccessSetting({ initialValue }: { initialValue: WorkspaceAccessValue }) {
  const t = useTranslations("workspaceAccess");
  const tCommon = useTranslations("common");
  const router = useRouter();
  const [value, setValue] = useState<WorkspaceAccessValue>(initialValue);
  const [saving, setSaving] = useState(false);
  const [, startTransition] = useTransition();

  async function save(next: WorkspaceAccessValue) {
    if (next === value || saving) return;
    const previous = value;
    setValue(next);
    setSaving(true);
    try {
      await apiFetch("/api/settings/workspace-access", { method: "PUT", json: { value: next } });
      toast.success(t("saved"));
      // The header's navigation depends on this setting and is rendered on the server.
      startTransition(() => router.refresh());
    } catch (error) {
      setValue(previous);
      const description = errorMessage(error, "");
      toast.error(t("saveFailed"), description ? { description } : undefined);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="h-full" data-testid="workspace-access">
      <CardHeader>
        <CardTitle id="workspace-access-title">{t("title")}</CardTitle>
        <CardDescription id="workspace-access-description">{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <WorkspaceAccessOptions value={value} onChange={(next) => void save(next)} disabled={saving} busy={saving} labelledBy="workspace-access-title" describedBy="workspace-access-description" />
        {saving ? (
          <div className="mt-3">
            <Spinner className="size-4" label={tCommon("saving")} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
