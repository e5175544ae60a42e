"use client";

import { useEffect, useRef, useState } from "react";
import { Check, Copy } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { COPY_FEEDBACK_MS } from "@/lib/constants";

/**
 * Code for the owner to paste into their own site, read-only, with a copy button. Where the
 * browser refuses to copy (an insecure page, an in-app browser) the code is selected for copying by hand.
 */
export function CopyableCode({
  id,
  label,
  value,
  notice,
  hint,
  rows = 4,
  texts,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  notice?: React.ReactNode;
  hint: string;
  rows?: number;
  texts: { copy: string; copiedShort: string; copied: string; failed: string };
  testId: string;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const code = useRef<HTMLTextAreaElement>(null);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      toast.success(texts.copied);
    } catch {
      code.current?.focus();
      code.current?.select();
      toast.error(texts.failed);
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {notice}
      <Textarea
        id={id}
        ref={code}
        readOnly
        value={value}
        rows={rows}
        onFocus={(e) => e.currentTarget.select()}
        className="font-mono text-xs break-all md:text-xs"
        data-testid={`${testId}-code`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{hint}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-live="polite" data-testid={`${testId}-copy`}>
          {copied ? <Check /> : <Copy />}
          {copied ? texts.copiedShort : texts.copy}
        </Button>
      </div>
    </div>
  );
}
