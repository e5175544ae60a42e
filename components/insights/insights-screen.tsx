"use client";

import { useState } from "react";
import Link from "next/link";
import useSWR from "swr";
import { useFormatter, useTranslations } from "next-intl";
import { ArrowLeft, Download, MessageSquare, PenLine, Trash2 } from "lucide-react";
import { DataLoadError, DataLoading } from "@/components/layout/data-states";
import { ShareConversationView } from "@/components/share-admin/share-conversation-view";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { apiFetch, errorMessage, jsonFetcher } from "@/lib/fetcher";
import { toast } from "@/lib/toast";
import type { AssistantInsights, ConversationLink, InsightsListRow } from "@/lib/server/present/api-types";
import type { CuratedAnswer } from "@/lib/server/present/api-types";
import { AnswerDialog, type AnswerDraft } from "./answer-dialog";
import { InsightsCharts } from "./insights-charts";
import { InsightsRange, type InsightsRangeChoice } from "./insights-range";
import { RetentionSetting } from "./retention-setting";

function rangeQuery(choice: InsightsRangeChoice): string {
  const params = new URLSearchParams({ range: choice.range });
  if (choice.range === "custom") {
    params.set("from", choice.from);
    params.set("to", choice.to);
  }
  return params.toString();
}

/** A share conversation named as "shareId/conversationId" (the CSV's links), or null. */
function linkFromParam(value: string | undefined): ConversationLink | null {
  const match = value ? /^([^/]+)\/([gu]-[0-9a-f-]{36})$/.exec(value) : null;
  return match ? { kind: "share", shareId: match[1], conversationId: match[2] } : null;
}

/**
 * One assistant's insights: the range's figures and charts, the most asked questions, the
 * unanswered ones and the thumbs-down replies, each opening its conversation; from an unanswered or
 * thumbed-down question the owner writes the right answer, and lists, edits and deletes those.
 */
export function InsightsScreen({ assistantId, openConversation, canWrite }: { assistantId: string; openConversation?: string; canWrite: boolean }) {
  const t = useTranslations("insights");
  const tc = useTranslations("common");
  const format = useFormatter();
  const [choice, setChoice] = useState<InsightsRangeChoice>({ range: "30d" });
  const [conversation, setConversation] = useState<ConversationLink | null>(() => linkFromParam(openConversation));
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const base = `/api/assistants/${encodeURIComponent(assistantId)}`;
  const query = rangeQuery(choice);
  const { data, error, isLoading, mutate } = useSWR<AssistantInsights>(`${base}/insights?${query}`, jsonFetcher, { keepPreviousData: true });
  const answers = useSWR<CuratedAnswer[]>(`${base}/answers`, jsonFetcher);
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const percent = (share: number | null) => (share === null ? "—" : format.number(share, { style: "percent", maximumFractionDigits: 1 }));

  const remove = async (answer: CuratedAnswer) => {
    try {
      await apiFetch(`${base}/answers/${encodeURIComponent(answer.id)}`, { method: "DELETE" });
      toast.success(t("curatedDeleted"));
      await answers.mutate();
    } catch (failure) {
      toast.error(errorMessage(failure, t("curatedSaveFailed")));
    }
  };

  const openButton = (link: ConversationLink | null) =>
    link === null ? (
      <span className="text-xs text-muted-foreground">{t("conversationUnavailable")}</span>
    ) : link.kind === "own" ? (
      <Button asChild size="sm" variant="ghost">
        <Link href={`/?assistant=${encodeURIComponent(link.assistantId)}`}>
          <MessageSquare />
          {t("ownChat")}
        </Link>
      </Button>
    ) : (
      <Button type="button" size="sm" variant="ghost" onClick={() => setConversation(link)} data-testid="open-conversation">
        <MessageSquare />
        {t("openConversation")}
      </Button>
    );

  const listRows = (rows: InsightsListRow[], empty: string, testId: string) =>
    rows.length === 0 ? (
      <p className="text-sm text-muted-foreground">{empty}</p>
    ) : (
      <ul className="divide-y" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-1.5 py-3" data-testid={`${testId}-row`}>
            <p className="font-medium break-words">{row.question ?? "—"}</p>
            <p className="line-clamp-2 text-sm break-words text-muted-foreground">{row.reply}</p>
            {row.comment && <p className="text-sm break-words">{t("comment", { comment: row.comment })}</p>}
            <div className="flex flex-wrap items-center gap-1">
              <time className="mr-2 text-xs text-muted-foreground" dateTime={row.at}>
                {when(row.at)}
              </time>
              {row.visitor !== null && (
                <span className="mr-2 text-xs text-muted-foreground" data-testid="insights-visitor">
                  {t("visitorN", { n: row.visitor })}
                </span>
              )}
              {openButton(row.conversation)}
              {canWrite && row.question && (
                <Button type="button" size="sm" variant="outline" onClick={() => setDraft({ question: row.question!, answer: "" })} data-testid="write-answer">
                  <PenLine />
                  {t("writeAnswer")}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 p-4 sm:p-6" data-testid="insights-screen">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Button asChild size="sm" variant="ghost" className="-ml-2">
            <Link href={`/?assistant=${encodeURIComponent(assistantId)}`}>
              <ArrowLeft />
              {t("back")}
            </Link>
          </Button>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          {data && <p className="text-sm text-muted-foreground">{t("subtitle", { name: data.assistant.name })}</p>}
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={`${base}/insights/export?${query}`} download data-testid="insights-csv">
            <Download />
            {t("downloadCsv")}
          </a>
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <InsightsRange value={choice} resolved={data?.range} onChange={setChoice} />
        {canWrite && data && <RetentionSetting assistantId={assistantId} days={data.assistant.retentionDays} onSaved={() => void mutate()} />}
      </div>

      {!data && isLoading ? (
        <DataLoading />
      ) : !data && error ? (
        <DataLoadError message={errorMessage(error, t("loadFailed"))} onRetry={() => void mutate()} testId="insights-error" />
      ) : data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t("figuresLabel")} data-testid="insights-figures">
            {(
              [
                ["messages", format.number(data.totals.messages)],
                ["replies", format.number(data.totals.replies)],
                ["unanswered", format.number(data.totals.unanswered)],
                ["unansweredShare", percent(data.totals.unansweredShare)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-lg border bg-card p-3">
                <dt className="text-xs text-muted-foreground">{t(key)}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={`insights-figure-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <InsightsCharts days={data.days} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>
                  <h2>{t("topQuestions")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                {data.topQuestions.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("noQuestions")}</p>
                ) : (
                  <ol className="divide-y" data-testid="insights-top-questions">
                    {data.topQuestions.map((q) => (
                      <li key={q.question} className="flex flex-col gap-1 py-3">
                        <p className="font-medium break-words">{q.question}</p>
                        <p className="text-xs text-muted-foreground">{t("askedTimes", { count: q.count })}</p>
                        {q.rewordings.length > 0 && <p className="text-xs break-words text-muted-foreground">{t("rewordings", { list: q.rewordings.slice(0, 3).join("、") })}</p>}
                        <div>{openButton(q.conversation)}</div>
                      </li>
                    ))}
                  </ol>
                )}
              </CardContent>
            </Card>
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>
                  <h2>{t("unanswered")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>{listRows(data.unanswered, t("noUnanswered"), "insights-unanswered")}</CardContent>
            </Card>
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>
                  <h2>{t("thumbsDown")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>{listRows(data.thumbsDown, t("noThumbsDown"), "insights-thumbs-down")}</CardContent>
            </Card>
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>
                  <h2>{t("curatedTitle")}</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                {(answers.data ?? []).length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("curatedEmpty")}</p>
                ) : (
                  <ul className="divide-y" data-testid="curated-answers">
                    {answers.data!.map((a) => (
                      <li key={a.id} className="flex flex-col gap-1 py-3" data-testid="curated-answer">
                        <p className="font-medium break-words">{a.question}</p>
                        <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{a.answer}</p>
                        {canWrite && (
                          <div className="flex gap-1">
                            <Button type="button" size="sm" variant="ghost" onClick={() => setDraft({ id: a.id, question: a.question, answer: a.answer })}>
                              <PenLine />
                              {t("curatedEdit")}
                            </Button>
                            <Button type="button" size="sm" variant="ghost" onClick={() => void remove(a)} data-testid="curated-delete">
                              <Trash2 />
                              {t("curatedDelete")}
                            </Button>
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
        </>
      ) : null}

      <Dialog open={conversation?.kind === "share"} onOpenChange={(open) => !open && setConversation(null)}>
        <DialogContent closeLabel={tc("close")} className="flex max-h-[90dvh] w-[calc(100%-1rem)] max-w-3xl flex-col gap-3 p-4 sm:p-6" data-testid="insights-conversation">
          <DialogTitle>{t("conversationTitle")}</DialogTitle>
          {conversation?.kind === "share" && <ShareConversationView share={{ shareId: conversation.shareId }} id={conversation.conversationId} search="" onBack={() => setConversation(null)} />}
        </DialogContent>
      </Dialog>
      <AnswerDialog
        assistantId={assistantId}
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={() => {
          setDraft(null);
          void answers.mutate();
        }}
      />
    </div>
  );
}
