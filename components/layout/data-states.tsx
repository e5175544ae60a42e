"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

/** The spinner shown while a list loads for the first time. */
export function DataLoading() {
  const tApp = useTranslations("app");
  return (
    <div className="grid place-items-center py-16">
      <Spinner label={tApp("loading")} />
    </div>
  );
}

/** A list that could not be loaded: the reason and a way to try again. */
export function DataLoadError({ message, onRetry, testId }: { message: string; onRetry: () => void; testId: string }) {
  const tCommon = useTranslations("common");
  return (
    <Card className="items-center px-5 py-10 text-center" data-testid={testId}>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {tCommon("reload")}
      </Button>
    </Card>
  );
}

/** Inside a card whose data is loading: a spinner, or the reason it failed and a way to try again. */
export function InlineLoadState({ error, message, onRetry }: { error: unknown; message: string; onRetry: () => void }) {
  const tCommon = useTranslations("common");
  if (!error) return <Spinner className="justify-self-start" />;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        {tCommon("reload")}
      </Button>
    </div>
  );
}
