"use client";

import { useTranslations } from "next-intl";
import { CheckCircle2, Info, XCircle } from "lucide-react";
import { AI_CONNECTION_TEST_TIMEOUT_MS } from "@/lib/constants";
import { cn } from "@/lib/utils";
import type { ConnectionResult } from "@/lib/server/present/api-types";

type Failure = Extract<ConnectionResult, { ok: false }>;

/** What went wrong, as a kind a person can act on, in the reader's language. */
export function useProblemText() {
  const t = useTranslations("aiService");
  return (result: Failure) => {
    const status = result.status ?? "";
    switch (result.problem) {
      case "unconfigured":
        return t("problem_unconfigured");
      case "key_required":
        return t("problem_key_required");
      case "address_refused":
        return t("problem_address_refused");
      case "unreachable":
        return t("problem_unreachable");
      case "unauthorized":
        return t("problem_unauthorized", { status });
      case "model_not_found":
        return t("problem_model_not_found", { model: result.model, status });
      case "not_found":
        return t("problem_not_found", { status });
      case "rate_limited":
        return t("problem_rate_limited", { status });
      case "timeout":
        return t("problem_timeout", { seconds: AI_CONNECTION_TEST_TIMEOUT_MS / 1000 });
      case "not_api":
        return t("problem_not_api");
      default:
        return t("problem_error", { status });
    }
  };
}

/**
 * The outcome of the last connection test, announced when it arrives: the time it took, or the
 * kind of failure. Nothing configured to test is said as such, not as a failure.
 */
export function ConnectionResultPanel({ result }: { result: ConnectionResult }) {
  const t = useTranslations("aiService");
  const problemText = useProblemText();
  const nothingToTest = !result.ok && result.problem === "unconfigured";
  return (
    <div
      role="status"
      className={cn(
        "grid gap-1 rounded-lg border p-3 text-sm",
        result.ok ? "border-success/40 bg-success/10" : nothingToTest ? "bg-muted/50" : "border-destructive/40 bg-destructive/10",
      )}
      data-testid="ai-test-result"
      data-ok={result.ok}
      data-problem={result.ok ? undefined : result.problem}
    >
      <p className="flex items-center gap-2 font-medium" data-testid="ai-test-title">
        {result.ok ? (
          <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden />
        ) : nothingToTest ? (
          <Info className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        ) : (
          <XCircle className="size-4 shrink-0 text-destructive" aria-hidden />
        )}
        {result.ok ? t("testOk") : nothingToTest ? t("testNothing") : t("testFailed")}
        {nothingToTest ? null : (
          <span className="ml-auto font-normal text-muted-foreground tabular-nums" data-testid="ai-test-latency">
            {t("testLatency", { ms: result.latencyMs })}
          </span>
        )}
      </p>
      {result.ok ? (
        <p>{t("testOkDetail", { model: result.model, ms: result.latencyMs })}</p>
      ) : (
        <p data-testid="ai-test-problem">{problemText(result)}</p>
      )}
    </div>
  );
}
