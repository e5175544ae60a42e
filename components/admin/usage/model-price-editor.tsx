"use client";

import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useTranslations } from "next-intl";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import { MODEL_PRICE_MAX } from "@/lib/schemas/usage-report";
import type { ModelPriceList, ModelPriceRow } from "@/lib/server/present/api-types";
import { OFFLINE_PROVIDER } from "@/lib/usage-report";

const PRICES_URL = "/api/admin/model-prices";

function parsePrice(text: string): number | null {
  if (text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 && n <= MODEL_PRICE_MAX ? n : null;
}

function slug(model: string) {
  return model.replace(/[^a-zA-Z0-9_-]/g, "_");
}

function PriceRow({ row, onSaved }: { row: ModelPriceRow; onSaved: (prices: ModelPriceRow[]) => void }) {
  const t = useTranslations("usage.prices");
  const tUsage = useTranslations("usage");
  const [input, setInput] = useState(row.inputPerMillion === null ? "" : String(row.inputPerMillion));
  const [output, setOutput] = useState(row.outputPerMillion === null ? "" : String(row.outputPerMillion));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offline = row.providers.length > 0 && row.providers.every((p) => p === OFFLINE_PROVIDER);
  const id = slug(row.model);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const inputPerMillion = parsePrice(input);
    const outputPerMillion = parsePrice(output);
    if (inputPerMillion === null || outputPerMillion === null) return setError(tUsage("priceInvalid"));
    setError(null);
    setBusy(true);
    try {
      const res = await apiFetch<ModelPriceList>(PRICES_URL, { method: "PUT", json: { model: row.model, inputPerMillion, outputPerMillion } });
      toast.success(t("saved", { model: row.model }));
      onSaved(res.prices);
    } catch (failure) {
      toast.error(t("saveFailed"), { description: errorMessage(failure, "") || undefined });
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    setBusy(true);
    try {
      const res = await apiFetch<ModelPriceList>(PRICES_URL, { method: "DELETE", json: { model: row.model } });
      toast.success(t("cleared", { model: row.model }));
      setInput("");
      setOutput("");
      onSaved(res.prices);
    } catch (failure) {
      toast.error(t("saveFailed"), { description: errorMessage(failure, "") || undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="py-3" data-testid={`price-row-${id}`}>
      <form onSubmit={save} noValidate className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_8.5rem_8.5rem_9rem] sm:items-center">
        <div className="min-w-0">
          <div className="truncate font-medium">{row.model}</div>
          <div className="truncate text-xs text-muted-foreground">{row.providers.join(", ") || t("notSet")}</div>
        </div>
        {offline ? (
          <p className="text-sm text-muted-foreground sm:col-span-3" data-testid={`price-free-${id}`}>
            {t("offlineFree")}
          </p>
        ) : (
          <>
            <div className="grid grid-cols-[4.5rem_1fr] items-center gap-2 sm:block">
              <Label htmlFor={`price-in-${id}`} className="text-xs text-muted-foreground sm:sr-only">
                {t("input")}
              </Label>
              <Input
                id={`price-in-${id}`}
                inputMode="decimal"
                value={input}
                onChange={(e) => setInput(e.target.value)}
                placeholder={t("notSet")}
                aria-label={t("inputFor", { model: row.model })}
                aria-invalid={error ? true : undefined}
                data-testid={`price-in-${id}`}
                className="tabular-nums"
              />
            </div>
            <div className="grid grid-cols-[4.5rem_1fr] items-center gap-2 sm:block">
              <Label htmlFor={`price-out-${id}`} className="text-xs text-muted-foreground sm:sr-only">
                {t("output")}
              </Label>
              <Input
                id={`price-out-${id}`}
                inputMode="decimal"
                value={output}
                onChange={(e) => setOutput(e.target.value)}
                placeholder={t("notSet")}
                aria-label={t("outputFor", { model: row.model })}
                aria-invalid={error ? true : undefined}
                data-testid={`price-out-${id}`}
                className="tabular-nums"
              />
            </div>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={busy} aria-label={t("saveFor", { model: row.model })} data-testid={`price-save-${id}`}>
                {busy ? <Spinner className="size-4" /> : null}
                {t("save")}
              </Button>
              {row.inputPerMillion !== null ? (
                <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => void clear()} aria-label={t("clearFor", { model: row.model })}>
                  {t("clear")}
                </Button>
              ) : null}
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive sm:col-span-4">
                {error}
              </p>
            ) : null}
          </>
        )}
      </form>
    </li>
  );
}

function NewModelRow({ onSaved }: { onSaved: (prices: ModelPriceRow[]) => void }) {
  const t = useTranslations("usage.prices");
  const tUsage = useTranslations("usage");
  const [model, setModel] = useState("");
  const [input, setInput] = useState("");
  const [output, setOutput] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const inputPerMillion = parsePrice(input);
    const outputPerMillion = parsePrice(output);
    if (!model.trim()) return setError(tUsage("modelRequired"));
    if (inputPerMillion === null || outputPerMillion === null) return setError(tUsage("priceInvalid"));
    setError(null);
    setBusy(true);
    try {
      const res = await apiFetch<ModelPriceList>(PRICES_URL, { method: "PUT", json: { model: model.trim(), inputPerMillion, outputPerMillion } });
      toast.success(t("saved", { model: model.trim() }));
      setModel("");
      setInput("");
      setOutput("");
      onSaved(res.prices);
    } catch (failure) {
      toast.error(t("saveFailed"), { description: errorMessage(failure, "") || undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={add} noValidate className="mt-2 grid gap-2 border-t pt-4 sm:grid-cols-[minmax(0,1fr)_8.5rem_8.5rem_9rem] sm:items-end" data-testid="price-new">
      <div className="grid gap-1.5">
        <Label htmlFor="price-new-model">{t("newModel")}</Label>
        <Input id="price-new-model" value={model} onChange={(e) => setModel(e.target.value)} placeholder={t("newModelName")} autoComplete="off" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="price-new-in">{t("input")}</Label>
        <Input id="price-new-in" inputMode="decimal" value={input} onChange={(e) => setInput(e.target.value)} className="tabular-nums" />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="price-new-out">{t("output")}</Label>
        <Input id="price-new-out" inputMode="decimal" value={output} onChange={(e) => setOutput(e.target.value)} className="tabular-nums" />
      </div>
      <Button type="submit" variant="outline" disabled={busy}>
        {t("add")}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The price per million tokens of every model called or priced; saving re-estimates every cost on screen. */
export function ModelPriceEditor() {
  const t = useTranslations("usage.prices");
  const { mutate: mutateAny } = useSWRConfig();
  const { data, mutate } = useSWR<ModelPriceList>(PRICES_URL, jsonFetcher, { revalidateIfStale: true });
  const onSaved = (prices: ModelPriceRow[]) => {
    void mutate({ prices }, { revalidate: false });
    void mutateAny((key) => typeof key === "string" && key.startsWith("/api/admin/api-usage?"));
  };
  return (
    <Card data-testid="model-prices">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="hidden text-xs text-muted-foreground sm:grid sm:grid-cols-[minmax(0,1fr)_8.5rem_8.5rem_9rem] sm:gap-2" aria-hidden>
          <span>{t("model")}</span>
          <span>
            {t("input")} <span className="whitespace-nowrap">({t("unit")})</span>
          </span>
          <span>
            {t("output")} <span className="whitespace-nowrap">({t("unit")})</span>
          </span>
          <span />
        </div>
        {!data ? (
          <div className="grid place-items-center py-6">
            <Spinner />
          </div>
        ) : data.prices.length === 0 ? (
          <p className="py-4 text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <ul className="divide-y">
            {data.prices.map((row) => (
              <PriceRow key={`${row.model}:${row.inputPerMillion}:${row.outputPerMillion}`} row={row} onSaved={onSaved} />
            ))}
          </ul>
        )}
        <NewModelRow onSaved={onSaved} />
      </CardContent>
    </Card>
  );
}
