"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Check, Copy } from "lucide-react";
import { COPIED_LINK_FEEDBACK_MS } from "@/lib/constants";
import { Button } from "@/components/ui/button";

/**
 * Copies the page's address: 已複製連結 for 2 s. In-app browsers often refuse the clipboard; then
 * the link is shown selected in a box with a prompt to copy it by hand.
 */
export function CopyLinkButton({ testId, variant = "outline" }: { testId: string; variant?: "outline" | "default" }) {
  const t = useTranslations("shared");
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const box = useRef<HTMLInputElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (manual !== null) box.current?.select();
  }, [manual]);

  async function copy() {
    const link = window.location.href;
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(link);
      setManual(null);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_LINK_FEEDBACK_MS);
    } catch {
      setManual(link);
    }
  }

  return (
    <div className="space-y-2">
      <Button type="button" variant={variant} size="sm" onClick={() => void copy()} data-testid={testId}>
        {copied ? <Check /> : <Copy />}
        {copied ? t("linkCopied") : t("copyLink")}
      </Button>
      {manual !== null && (
        <label className="block text-xs text-muted-foreground" data-testid={`${testId}-manual`}>
          {t("copyManually")}
          <input ref={box} readOnly value={manual} onFocus={(e) => e.currentTarget.select()} className="mt-1 w-full rounded-md border bg-background px-2 py-1 font-mono text-xs text-foreground" />
        </label>
      )}
    </div>
  );
}
