"use client";

import { Button } from "@/components/ui/button";

/** A row of toggle buttons choosing one of a few options (a chart's metric, a table's grouping). */
export function SegmentedChoice<T extends string>({
  label,
  options,
  value,
  onChange,
  testIdPrefix,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  testIdPrefix: string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {options.map((option) => {
        const active = option.value === value;
        return (
          <Button
            key={option.value}
            type="button"
            size="sm"
            variant="ghost"
            aria-pressed={active}
            data-testid={`${testIdPrefix}-${option.value}`}
            onClick={() => onChange(option.value)}
            className={active ? "bg-background text-foreground shadow-sm hover:bg-background" : "text-muted-foreground"}
          >
            {option.label}
          </Button>
        );
      })}
    </div>
  );
}
