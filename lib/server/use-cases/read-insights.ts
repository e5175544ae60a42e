import "server-only";
import { calendarDay } from "@/lib/checkin-streak";
import { INSIGHTS_LIST_LIMIT, INSIGHTS_QUESTION_CANDIDATES, INSIGHTS_TOP_QUESTIONS, type Locale } from "@/lib/constants";
import type { InsightsQuery } from "@/lib/schemas/insights";
import { daysOf, resolveUsageRange } from "@/lib/usage-report";
import type { User } from "@/lib/server/db/schema";
import { questionSimilarity, questionTerms, SAME_QUESTION_MIN_SIMILARITY } from "@/lib/server/ai/question-match";
import { env } from "@/lib/env";
import type { ServerTranslator } from "@/lib/server/i18n";
import { insightsAssistant } from "@/lib/server/policies/insights-access";
import { insightsCsv, insightsCsvName } from "@/lib/server/present/insights-csv";
import { profileOf } from "@/lib/server/present/assistant";
import {
  conversationLink,
  shareOf,
  toDayRow,
  toListRow,
  type AssistantInsights,
  type QuestionGroupRow,
} from "@/lib/server/present/assistant-insights";
import { guestVisitorNumbers, insightReplies, insightsByDay, messagePlaces, mostAskedQuestions, sharesOfAssistant, type AskedQuestion, type InsightsScope } from "@/lib/server/queries/assistant-insights";

/**
 * Joins rewordings of one question: each question, the most asked first, joins the first group
 * whose first wording it resembles enough (question-match.ts), or starts a group.
 */
export function groupRewordings(questions: readonly AskedQuestion[]): { wordings: AskedQuestion[]; count: number }[] {
  const groups: { terms: Set<string>; wordings: AskedQuestion[]; count: number }[] = [];
  for (const question of questions) {
    const terms = questionTerms(question.content);
    const group = groups.find((g) => questionSimilarity(g.terms, terms) >= SAME_QUESTION_MIN_SIMILARITY);
    if (group) {
      group.wordings.push(question);
      group.count += question.count;
    } else groups.push({ terms, wordings: [question], count: question.count });
  }
  return groups.sort((a, b) => b.count - a.count).map(({ wordings, count }) => ({ wordings, count }));
}

/** One assistant's insights over a range of days, for its owner or an admin. */
export async function readInsights(input: { user: Pick<User, "id" | "role">; assistantId: string; query: InsightsQuery; locale: Locale; now?: Date }): Promise<AssistantInsights> {
  const assistant = await insightsAssistant(input.user, input.assistantId);
  const { query } = input;
  const range = resolveUsageRange(query.range, calendarDay(input.now ?? new Date()), query.from && query.to ? { from: query.from, to: query.to } : undefined);
  const shares = await sharesOfAssistant(assistant.id);
  const shareIds = new Map(shares.map((s) => [s.id, s.shareId]));
  const scope: InsightsScope = { ownerId: assistant.ownerId, assistantId: assistant.id, isDefault: assistant.isDefault, sharedAssistantIds: shares.map((s) => s.id) };

  const [days, asked, unanswered, thumbsDown, profile] = await Promise.all([
    insightsByDay(scope, range),
    mostAskedQuestions(scope, range, INSIGHTS_QUESTION_CANDIDATES),
    insightReplies(scope, range, "unanswered", INSIGHTS_LIST_LIMIT),
    insightReplies(scope, range, "thumbs_down", INSIGHTS_LIST_LIMIT),
    profileOf(assistant, input.locale),
  ]);
  const groups = groupRewordings(asked).slice(0, INSIGHTS_TOP_QUESTIONS);
  const guests = [...new Set([...unanswered, ...thumbsDown].flatMap((r) => (r.guestUserId ? [r.guestUserId] : [])))];
  const [places, visitorNumbers] = await Promise.all([messagePlaces(groups.map((g) => g.wordings[0].latestId)), guestVisitorNumbers(scope.sharedAssistantIds, guests)]);
  const topQuestions: QuestionGroupRow[] = groups.map(({ wordings, count }) => {
    const place = places.get(wordings[0].latestId);
    return { question: wordings[0].content, count, rewordings: wordings.slice(1).map((w) => w.content), conversation: place ? conversationLink(place, assistant.id, shareIds) : null };
  });

  // Every day of the range, the quiet ones too, so the charts keep their time axis.
  const byDay = new Map(days.map((d) => [d.day, d]));
  const allDays = daysOf(range).map((day) => toDayRow(byDay.get(day) ?? { day, conversations: 0, messages: 0, visitors: 0, replies: 0, unanswered: 0 }));
  const totals = allDays.reduce((sum, d) => ({ messages: sum.messages + d.messages, replies: sum.replies + d.replies, unanswered: sum.unanswered + d.unanswered }), { messages: 0, replies: 0, unanswered: 0 });
  return {
    assistant: { id: assistant.id, name: profile.name, retentionDays: assistant.retentionDays },
    range,
    totals: { ...totals, unansweredShare: shareOf(totals.unanswered, totals.replies) },
    days: allDays,
    topQuestions,
    unanswered: unanswered.map((r) => toListRow(r, assistant.id, shareIds, visitorNumbers)),
    thumbsDown: thumbsDown.map((r) => toListRow(r, assistant.id, shareIds, visitorNumbers)),
  };
}

/** The insights of the range as one CSV file (what the screen shows, its lists as long as on screen). */
export async function exportInsights(input: Parameters<typeof readInsights>[0] & { t: ServerTranslator }): Promise<{ fileName: string; body: string }> {
  const insights = await readInsights(input);
  return { fileName: insightsCsvName(insights), body: insightsCsv(insights, input.t, env.APP_URL) };
}
