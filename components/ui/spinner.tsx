import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center gap-2">
      <Loader2 className={cn("size-5 animate-spin text-muted-foreground", className)} aria-hidden />
      {label ? <span className="text-sm text-muted-foreground">{label}</span> : <span className="sr-only">…</span>}
    </span>
  );
}

export { Spinner };
