"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { FREE_MAX_FILE_BYTES, FREE_MONTHLY_UPLOADS } from "@/lib/constants";
import { cn } from "@/lib/utils";

export const WORKSPACE_ACCESS_VALUES = ["admins", "everyone"] as const;
export type WorkspaceAccessValue = (typeof WORKSPACE_ACCESS_VALUES)[number];

/**
 * The two answers to who gets a workspace (docs/rules/roles-and-routes.md#who-has-a-workspace), each with what it means for the
 * people who register: the same choice on the first-run page and in the console.
 */
export function WorkspaceAccessOptions({
  value,
  onChange,
  disabled = false,
  busy = false,
  labelledBy,
  describedBy,
  className,
}: {
  value: WorkspaceAccessValue;
  onChange: (value: WorkspaceAccessValue) => void;
  disabled?: boolean;
  busy?: boolean;
  labelledBy: string;
  describedBy?: string;
  className?: string;
}) {
  const t = useTranslations("workspaceAccess");
  const id = useId();
  const limits = { count: FREE_MONTHLY_UPLOADS, size: FREE_MAX_FILE_BYTES / (1024 * 1024) };
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} aria-busy={busy} className={cn("grid gap-3 sm:grid-cols-2", className)}>
      {WORKSPACE_ACCESS_VALUES.map((option) => {
        const checked = value === option;
        return (
          <label
            key={option}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring",
              checked ? "border-primary bg-primary/5" : "hover:bg-accent/50",
              busy && "cursor-wait",
            )}
          >
            <input
              type="radio"
              name="workspace-access"
              value={option}
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(option)}
              // Its name is the answer alone; what it means is its description.
              aria-labelledby={`${id}-${option}-label`}
              aria-describedby={`${id}-${option}-consequence`}
              data-testid={`workspace-access-${option}`}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="grid gap-1">
              <span id={`${id}-${option}-label`} className="font-medium">
                {t(`${option}.label`)}
              </span>
              <span id={`${id}-${option}-consequence`} className="text-muted-foreground">
                {t(`${option}.consequence`, limits)}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
