import { beforeAll, describe, expect, it } from "vitest";
import * as initialQuestions from "@/app/api/initial-questions/route";
import * as messages from "@/app/api/messages/route";
import { ANSWER_PASSAGES, LOCALE_COOKIE } from "@/lib/constants";
import { composeAnswer, toOfflinePassages } from "@/lib/server/ai/offline/compose-answer";
import { encodeSession, SESSION_COOKIE } from "@/lib/server/auth/session";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { listDocuments, openingPassagesOf } from "@/lib/server/queries/documents";
import { createUser } from "@/lib/server/queries/users";
import { retrievePassages } from "@/lib/server/use-cases/retrieve-passages";
import { openingQuestionsFor } from "@/lib/server/use-cases/suggest-questions";
import { uploadDocument } from "@/lib/server/use-cases/upload-document";
import { INGEST_QUEUE_CAPS } from "@/lib/server/policies/ingest-queue-caps";
import { suggestionTexts } from "@/lib/server/ai/suggestion-texts";
import { evalSet } from "../support/eval-sets";
import { call } from "../support/http";

// All of DRCD's articles in one owner's workspace, through the real pipeline, and no AI key. The
// offline opening questions of every article must each be answered by the offline model with
// confidence, found by retrieval among all 383 articles, and a question about the article itself
// (its title) from that very article; the owner's opening questions (POST /api/initial-questions)
// must be answered so through the whole message path.

const CONFIDENT = "根據文件";
const ABOUT_THE_TITLE = new RegExp(`^${suggestionTexts("zh-TW").templates.title.replace("{topic}", ".+")}$`);
const OPENING_PASSAGES = 4;

let owner: { id: string; cookie: string };
let documents: { id: string; name: string }[];

/** The name of the document the reply quotes first. */
const firstSource = (reply: string) => /— 《([^》]+)》/.exec(reply)?.[1];

beforeAll(async () => {
  registerJobs();
  const set = evalSet("drcd_dev");
  const user = (await createUser({ email: "drcd@example.com", displayName: "DRCD", role: "admin" }))!;
  // In batches no larger than one account's queue may hold, each processed before the next is sent.
  const batch = INGEST_QUEUE_CAPS.perOwner;
  for (let i = 0; i < set.docs.length; i += batch) {
    for (const doc of set.docs.slice(i, i + batch)) await uploadDocument({ user, name: doc.file, bytes: new TextEncoder().encode(doc.text) });
    await drainJobs(batch + 10);
  }
  owner = { id: user.id, cookie: `${SESSION_COOKIE}=${await encodeSession(user)}; ${LOCALE_COOKIE}=zh-TW` };
  const listed = await listDocuments(user.id);
  expect(listed.filter((d) => d.status === "processed")).toHaveLength(set.docs.length);
  documents = listed.map((d) => ({ id: d.id, name: d.originalName }));
}, 300_000);

describe("offline opening questions over shared/eval/drcd_dev", () => {
  it("asks about every article only what the offline model answers from that article", async () => {
    const failures: string[] = [];
    let asked = 0;
    for (const doc of documents) {
      const passages = await openingPassagesOf(owner.id, [doc.id], OPENING_PASSAGES);
      const questions = await openingQuestionsFor({ ownerId: owner.id, documentIds: null }, passages, "zh-TW");
      if (questions.length === 0) failures.push(`${doc.name}: no question about the article`);
      for (const question of questions) {
        asked++;
        const found = await retrievePassages({ ownerId: owner.id, question, k: ANSWER_PASSAGES });
        const reply = composeAnswer({ locale: "zh-TW", question, assistantName: "", rolePrompt: "", passages: toOfflinePassages(found), documentNames: [] });
        if (!reply.startsWith(CONFIDENT)) failures.push(`${doc.name}: ${question} is not answered with confidence`);
        else if (ABOUT_THE_TITLE.test(question) && firstSource(reply) !== doc.name) failures.push(`${doc.name}: ${question} is answered from ${firstSource(reply)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(asked).toBeGreaterThanOrEqual(documents.length);
  }, 300_000);

  it("POST /api/initial-questions: the owner's opening questions are answered through the message path", async () => {
    const res = await call(initialQuestions.POST, { method: "POST", path: "/api/initial-questions", cookie: owner.cookie, body: {} });
    expect(res.status).toBe(200);
    const questions: string[] = res.body.questions;
    expect(questions).toHaveLength(8);
    for (const question of questions) {
      const reply = await call(messages.POST, { method: "POST", path: "/api/messages", cookie: owner.cookie, body: { content: question } });
      expect(reply.body.aiMessage.content, question).toMatch(new RegExp(`^${CONFIDENT}`));
    }
  });
});
