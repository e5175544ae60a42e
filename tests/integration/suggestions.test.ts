import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as aiSuggestions from "@/app/api/ai-suggestions/route";
import * as initialQuestions from "@/app/api/initial-questions/route";
import * as messages from "@/app/api/messages/route";
import { LOCALE_COOKIE } from "@/lib/constants";
import { AI_SERVICE_SETTING } from "@/lib/server/ai/providers";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setSetting } from "@/lib/server/queries/app-settings";
import type { OpeningQuestionsByLocale } from "@/lib/server/db/schema";
import { defaultAssistant, saveOpeningQuestions } from "@/lib/server/queries/assistants";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { readyInitialQuestions } from "@/lib/server/use-cases/suggest-questions";
import { suggestionTexts } from "@/lib/server/ai/suggestion-texts";
import { FIXTURE_DIR } from "@/scripts/make-fixtures";
import { call, seedUser } from "../support/http";
import { defaultOpening } from "../support/assistants";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";

const HSR = [
  "臺灣高速鐵路簡介",
  "臺灣高速鐵路於二〇〇七年通車，全長約三百五十公里，連接臺北與高雄。列車最高營運速度為每小時三百公里。",
  "沿線車站",
  "高鐵沿線設有十二座車站，包括南港、臺北、板橋、桃園、新竹、苗栗、臺中、彰化、雲林、嘉義、臺南與左營。",
  "票價與優惠",
  "標準車廂全票自臺北至左營為一千四百九十元。早鳥優惠最低可享六五折，大學生優惠最低五折。",
].join("\n\n");

const RAIL = "Taiwan High Speed Rail\n\nThe Taiwan High Speed Rail opened in 2007 and links Taipei with Kaohsiung.\n\nTickets\n\nA standard ticket from Taipei to Zuoying costs 1,490 dollars.";

const WASTE = ["臺北市垃圾清運", "垃圾車每週一、三、五晚上七點收運一般垃圾。", "資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。"].join("\n\n");

async function ownerWith(...docs: [string, string | Uint8Array][]) {
  const seeded = await seedUser({ role: "admin" });
  for (const [name, content] of docs) await uploadDocument({ user: seeded.user, name, bytes: typeof content === "string" ? new TextEncoder().encode(content) : content });
  await drainJobs();
  return seeded;
}

const ask = (cookie: string, body: unknown) => call(initialQuestions.POST, { method: "POST", path: "/api/initial-questions", cookie, body });
const followUps = (cookie: string, body: unknown) => call(aiSuggestions.POST, { method: "POST", path: "/api/ai-suggestions", cookie, body });

/** The offline assistant answers the question by quoting the documents with confidence. */
async function expectAnswered(cookie: string, question: string) {
  const res = await call(messages.POST, { method: "POST", path: "/api/messages", cookie, body: { content: question } });
  expect(res.body.aiMessage.content, question).toMatch(/^(根據文件|Here is what the documents say)/);
}

beforeAll(() => registerJobs());

describe("POST /api/initial-questions", () => {
  it("gives at most 8 questions, each one the documents answer", async () => {
    const { cookie } = await ownerWith(["高鐵.txt", HSR], ["垃圾.txt", WASTE]);
    const res = await ask(cookie, {});
    expect(res.status).toBe(200);
    const questions: string[] = res.body.questions;
    expect(questions.length).toBeGreaterThanOrEqual(4);
    expect(questions.length).toBeLessThanOrEqual(8);
    expect(new Set(questions).size).toBe(questions.length);
    // Both documents are represented.
    expect(questions.some((q) => /高鐵|車站|票價|臺灣高速鐵路/.test(q))).toBe(true);
    expect(questions.some((q) => /垃圾|回收|清運/.test(q))).toBe(true);
    for (const q of questions) await expectAnswered(cookie, q);
  });

  it("reuses the questions until the documents change, or regeneration is asked for", async () => {
    const { cookie, user } = await ownerWith(["高鐵.txt", HSR]);
    const first: string[] = (await ask(cookie, {})).body.questions;
    const stored = await defaultAssistant(user.id);
    expect([...(stored!.initialQuestions as OpeningQuestionsByLocale)["zh-TW"]!].sort()).toEqual([...first].sort());
    // A marker list under the same stamp comes back as is: proof it is reused, not remade.
    await saveOpeningQuestions(stored.id, "zh-TW", ["保留的問題？"], stored.initialQuestionsStamp!);
    expect((await ask(cookie, {})).body.questions).toEqual(["保留的問題？"]);
    expect((await ask(cookie, { forceRegenerate: true })).body.questions).not.toContain("保留的問題？");

    await saveOpeningQuestions(stored.id, "zh-TW", ["保留的問題？"], stored.initialQuestionsStamp!);
    await uploadDocument({ user, name: "垃圾.txt", bytes: new TextEncoder().encode(WASTE) });
    await drainJobs();
    const after: string[] = (await ask(cookie, {})).body.questions;
    expect(after).not.toContain("保留的問題？");
  });

  it("has the questions ready for the shared page only when reading them takes no work: stored for these documents and language, or the fixed list without documents", async () => {
    const { cookie, user } = await ownerWith(["高鐵.txt", HSR], ["rail.txt", RAIL]);
    // Nothing made yet: the page is drawn without them (the chat asks once it runs).
    expect(await readyInitialQuestions(await defaultOpening(user.id, "zh-TW"))).toBeNull();
    const made: string[] = (await ask(cookie, {})).body.questions;
    const ready = await readyInitialQuestions(await defaultOpening(user.id, "zh-TW"));
    expect([...ready!].sort()).toEqual([...made].sort());
    // Made in Chinese: an English reader's are still to be made.
    expect(await readyInitialQuestions(await defaultOpening(user.id, "en"))).toBeNull();
    // Made in English as well (the owner reading in English): both are kept, neither replaces the other.
    const madeInEnglish: string[] = (await ask(`${cookie}; ${LOCALE_COOKIE}=en`, {})).body.questions;
    expect([...(await readyInitialQuestions(await defaultOpening(user.id, "en")))!].sort()).toEqual([...madeInEnglish].sort());
    expect([...(await readyInitialQuestions(await defaultOpening(user.id, "zh-TW")))!].sort()).toEqual([...made].sort());
    // One saved again (regenerated) keeps the other language's.
    const { id, initialQuestionsStamp } = await defaultAssistant(user.id);
    await saveOpeningQuestions(id, "en", ["Kept?"], initialQuestionsStamp!);
    expect(await readyInitialQuestions(await defaultOpening(user.id, "en"))).toEqual(["Kept?"]);
    expect([...(await readyInitialQuestions(await defaultOpening(user.id, "zh-TW")))!].sort()).toEqual([...made].sort());
    // A share without its owner's documents: the fixed list, in the reader's language.
    expect([...(await readyInitialQuestions({ assistantId: null, knowledge: null, locale: "en" }))!].sort()).toEqual([...suggestionTexts("en").initialFallback].sort());
    // The documents changed: the stored ones no longer count, in either language, and those made
    // for the new documents in one language do not bring back the other's.
    await uploadDocument({ user, name: "垃圾.txt", bytes: new TextEncoder().encode(WASTE) });
    await drainJobs();
    expect(await readyInitialQuestions(await defaultOpening(user.id, "zh-TW"))).toBeNull();
    expect(await readyInitialQuestions(await defaultOpening(user.id, "en"))).toBeNull();
    await ask(cookie, {});
    expect(await readyInitialQuestions(await defaultOpening(user.id, "zh-TW"))).not.toBeNull();
    expect(await readyInitialQuestions(await defaultOpening(user.id, "en"))).toBeNull();
  });

  it("asks in English for an English reader", async () => {
    const { cookie } = await ownerWith(["rail.txt", RAIL]);
    const questions: string[] = (await ask(`${cookie}; ${LOCALE_COOKIE}=en`, {})).body.questions;
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) expect(q).toMatch(/^What /);
  });

  it("asks only well-formed questions about a specification's and a handbook's text, never about tables, code, furniture or names", async () => {
    const { cookie } = await ownerWith(...["widget-registry-spec.pdf", "zh-recycling-handbook.docx"].map((name): [string, Uint8Array] => [name, readFileSync(path.join(FIXTURE_DIR, name))]));
    for (const locale of ["zh-TW", "en"] as const) {
      const questions: string[] = (await ask(`${cookie}; ${LOCALE_COOKIE}=${locale}`, { forceRegenerate: true })).body.questions;
      expect(questions.length, locale).toBeGreaterThan(0);
      expect(questions.filter((q) => (locale === "en" ? !/^[A-Z][^\p{Script=Han}]*\?$/u.test(q) : !/\p{Script=Han}.*？$/u.test(q))), locale).toEqual([]);
      for (const bad of ["CARD32", "AliasListEntry", "Thomas Leonard", "tal197", "example.org", "Table of Contents", "Widget Registry Specification", "王小明", "臺北市資源回收手冊", "目錄", "收運日", "2024"]) {
        expect(questions.join("\n"), bad).not.toContain(bad);
      }
      for (const q of questions) await expectAnswered(cookie, q);
    }
  });

  it("gives an English reader the English generic list when the documents are all Chinese", async () => {
    const { cookie } = await ownerWith(["高鐵.txt", HSR], ["垃圾.txt", WASTE]);
    const questions: string[] = (await ask(`${cookie}; ${LOCALE_COOKIE}=en`, {})).body.questions;
    expect([...questions].sort()).toEqual([...suggestionTexts("en").initialFallback].sort());
  });

  it("gives the fixed list of 8 when there are no documents", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await ask(cookie, {});
    expect([...res.body.questions].sort()).toEqual([...suggestionTexts("zh-TW").initialFallback].sort());
  });

  it("answers 404 for a share id until shared assistants exist, and 400 for a bad body", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    expect((await ask(cookie, { shareId: "nope" })).status).toBe(404);
    expect((await ask(cookie, { forceRegenerate: "yes" })).status).toBe(400);
  });
});

describe("POST /api/ai-suggestions", () => {
  it("suggests answerable follow-ups about what the reply drew on, never the question just asked", async () => {
    const { cookie } = await ownerWith(["高鐵.txt", HSR]);
    const question = "高鐵有幾座車站？";
    const reply = await call(messages.POST, { method: "POST", path: "/api/messages", cookie, body: { content: question } });
    const res = await followUps(cookie, {
      assistantMessage: reply.body.aiMessage.content,
      conversationHistory: [{ role: "user", content: question }, { role: "assistant", content: reply.body.aiMessage.content }],
    });
    expect(res.status).toBe(200);
    const suggestions: string[] = res.body.suggestions;
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions).not.toContain(question);
    for (const q of suggestions) await expectAnswered(cookie, q);
  });

  it("tops few follow-ups up with the owner's opening questions not yet asked, before any generic one", async () => {
    const { cookie } = await ownerWith(
      ["widget-registry-spec.pdf", new Uint8Array(readFileSync(path.join(FIXTURE_DIR, "widget-registry-spec.pdf")))],
      // Plain notes: nothing in them to ask a follow-up about.
      ["notes.txt", "the meeting moved to friday because the room was booked on thursday afternoon.\n\nplease bring your own lunch and a pen."],
    );
    const english = `${cookie}; ${LOCALE_COOKIE}=en`;
    const opening: string[] = (await ask(english, { assistantName: "", assistantRole: "" })).body.questions;
    expect(opening.length).toBeGreaterThanOrEqual(2);
    const question = "why did the meeting move?";
    const reply = await call(messages.POST, { method: "POST", path: "/api/messages", cookie: english, body: { content: question } });
    expect(reply.body.aiMessage.content).toContain("the room was booked");
    const res = await followUps(english, { assistantMessage: reply.body.aiMessage.content, conversationHistory: [{ role: "user", content: question }, { role: "assistant", content: reply.body.aiMessage.content }] });
    const suggestions: string[] = res.body.suggestions;
    expect(suggestions.length).toBeGreaterThanOrEqual(2);
    expect(suggestions.filter((q) => opening.includes(q)).length).toBeGreaterThanOrEqual(2);
    expect(suggestions.some((q) => suggestionTexts("en").followUpFallback.includes(q))).toBe(false);
  });

  it("falls back to the generic list, with no error, when nothing can be suggested", async () => {
    const { cookie } = await seedUser({ role: "admin" });
    const res = await followUps(cookie, { assistantMessage: "你好", conversationHistory: [] });
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toEqual(suggestionTexts("zh-TW").followUpFallback);
  });
});

describe("suggestions with a hosted model", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await setSetting(AI_SERVICE_SETTING, {});
    await fake.close();
  });

  it("keeps only the model's questions the documents can answer, and fills up from the documents", async () => {
    const { cookie } = await ownerWith(["高鐵.txt", HSR]);
    await setSetting(AI_SERVICE_SETTING, { baseUrl: fake.baseUrl, allowPrivateNetwork: true, chatModel: "test-model", timeoutMs: 5_000 });
    fake.mode = "ok";
    fake.reply = "1. 高鐵全長多少公里？\n2. 火星的大氣成分是什麼？\n- 早鳥優惠最低幾折？";
    const questions: string[] = (await ask(cookie, { forceRegenerate: true })).body.questions;
    expect(questions).toContain("高鐵全長多少公里？");
    expect(questions).toContain("早鳥優惠最低幾折？");
    expect(questions).not.toContain("火星的大氣成分是什麼？");
    expect(questions.length).toBeGreaterThan(2);

    // A failing model costs nothing but its own questions.
    fake.mode = "error500";
    const again: string[] = (await ask(cookie, { forceRegenerate: true })).body.questions;
    expect(again.length).toBeGreaterThan(0);
    await setSetting(AI_SERVICE_SETTING, {});
  });
});
