import "server-only";
import { CSV_BOM, csvLine } from "@/lib/server/export/conversation-rows";
import type { ServerTranslator } from "@/lib/server/i18n";
import type { AssistantInsights, ConversationLink } from "@/lib/server/present/assistant-insights";

// An assistant's insights as one CSV: its days, the most asked questions, the unanswered ones and
// the thumbs-down replies, each under its own header, a blank line between. Every cell quoted and
// a would-be formula made inert (what visitors typed goes into it). Each row's last cell opens its conversation.

export function conversationUrl(appUrl: string, assistantId: string, link: ConversationLink | null): string {
  if (!link) return "";
  if (link.kind === "own") return `${appUrl}/?assistant=${encodeURIComponent(link.assistantId)}`;
  return `${appUrl}/insights/${encodeURIComponent(assistantId)}?conversation=${encodeURIComponent(`${link.shareId}/${link.conversationId}`)}`;
}

const share = (value: number | null) => (value === null ? "" : String(value));

export function insightsCsv(insights: AssistantInsights, t: ServerTranslator, appUrl: string): string {
  const url = (link: ConversationLink | null) => conversationUrl(appUrl, insights.assistant.id, link);
  // A guest is "visitor N" here as on the screen; the owner's own chat has no visitor.
  const visitor = (n: number | null) => (n === null ? "" : t("insights.visitorN", { n }));
  const listLines = (name: string, rows: AssistantInsights["unanswered"]) => [
    csvLine([t("insights.csv.list"), t("insights.csv.time"), t("insights.csv.visitor"), t("insights.csv.question"), t("insights.csv.reply"), t("insights.csv.comment"), t("insights.csv.conversation")]),
    ...rows.map((r) => csvLine([name, r.at, visitor(r.visitor), r.question ?? "", r.reply, r.comment ?? "", url(r.conversation)])),
    "\r\n",
  ];
  const lines = [
    csvLine([t("insights.csv.day"), t("insights.conversations"), t("insights.messages"), t("insights.visitors"), t("insights.replies"), t("insights.unanswered"), t("insights.unansweredShare")]),
    ...insights.days.map((d) => csvLine([d.day, String(d.conversations), String(d.messages), String(d.visitors), String(d.replies), String(d.unanswered), share(d.unansweredShare)])),
    "\r\n",
    csvLine([t("insights.csv.question"), t("insights.csv.count"), t("insights.csv.rewordings"), t("insights.csv.conversation")]),
    ...insights.topQuestions.map((q) => csvLine([q.question, String(q.count), q.rewordings.join(" | "), url(q.conversation)])),
    "\r\n",
    ...listLines(t("insights.unanswered"), insights.unanswered),
    ...listLines(t("insights.thumbsDown"), insights.thumbsDown),
  ];
  return CSV_BOM + lines.join("");
}

export function insightsCsvName(insights: AssistantInsights): string {
  return `insights-${insights.range.from}-to-${insights.range.to}.csv`;
}
