"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Check, Loader2 } from "lucide-react";

const STEP_MS = 1_500;
const STEPS = ["thinkingSearch", "thinkingRead", "thinkingWrite"] as const;

/** The three-step thinking indicator while a reply is awaited: each step ticks off in turn. */
export function ThinkingIndicator() {
  const t = useTranslations("chat");
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => Math.min(s + 1, STEPS.length - 1)), STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <li className="flex items-start" data-testid="thinking" aria-live="polite">
      <ol className="space-y-1 rounded-2xl rounded-bl-sm border bg-card px-4 py-3 text-sm shadow-sm">
        {STEPS.map((key, i) => (
          <li key={key} className={i > step ? "text-muted-foreground/50" : i < step ? "text-muted-foreground" : "font-medium"}>
            <span className="inline-flex items-center gap-2">
              {i < step ? <Check className="size-3.5 text-green-600" /> : i === step ? <Loader2 className="size-3.5 animate-spin" /> : <span className="size-3.5" />}
              {t(key)}
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}
