// "About 5 minutes left": a number of seconds as the largest units that matter, in the reader's
// language (Intl's unit names, so no translation table of its own).

export function durationParts(seconds: number): { unit: "hour" | "minute" | "second"; value: number }[] {
  const total = Math.max(0, Math.ceil(seconds));
  if (total >= 3_600) {
    const hours = Math.floor(total / 3_600);
    const minutes = Math.ceil((total % 3_600) / 60);
    // 59 min 40 s rounds to a full hour: "2 hours", not "1 hour 60 minutes".
    return minutes === 60 ? [{ unit: "hour", value: hours + 1 }] : minutes > 0 ? [{ unit: "hour", value: hours }, { unit: "minute", value: minutes }] : [{ unit: "hour", value: hours }];
  }
  if (total >= 60) return [{ unit: "minute", value: Math.ceil(total / 60) }];
  return [{ unit: "second", value: total }];
}

export function formatDuration(seconds: number, locale: string): string {
  return durationParts(seconds)
    .map(({ unit, value }) => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(value))
    .join(" ");
}
