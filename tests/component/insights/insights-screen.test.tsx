import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { InsightsScreen } from "@/components/insights/insights-screen";
import type { AssistantInsights, CuratedAnswer } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";

const ASSISTANT = "a1";
const GUEST = "g-0b6c7f7e-3d8a-4a52-9a55-6a2f3c1d2e4f";

function insights(): AssistantInsights {
  const days: AssistantInsights["days"] = Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, "0")}`, conversations: 0, messages: 0, visitors: 0, replies: 0, unanswered: 0, unansweredShare: null }));
  days[29] = { day: "2026-11-30", conversations: 2, messages: 8, visitors: 2, replies: 4, unanswered: 1, unansweredShare: 0.25 };
  return {
    assistant: { id: ASSISTANT, name: "清運小幫手", retentionDays: null },
    range: { from: "2026-11-01", to: "2026-11-30", days: 30 },
    totals: { messages: 8, replies: 4, unanswered: 1, unansweredShare: 0.25 },
    days,
    topQuestions: [{ question: "資源回收是哪幾天？", count: 3, rewordings: ["資源回收哪天收"], conversation: { kind: "share", shareId: "s1", conversationId: GUEST } }],
    unanswered: [{ id: "r1", at: "2026-11-30T02:00:00.000Z", question: "太空梭的燃料是什麼成分？", reply: "在目前的文件中找不到與這個問題直接相關的內容。", comment: null, conversation: { kind: "share", shareId: "s1", conversationId: GUEST }, visitor: 2 }],
    thumbsDown: [{ id: "r2", at: "2026-11-30T03:00:00.000Z", question: "資源回收是哪幾天？", reply: "週二與週四。", comment: "沒有說到週六", conversation: { kind: "own", assistantId: ASSISTANT }, visitor: null }],
  };
}

let written: CuratedAnswer[] = [];
const posted: unknown[] = [];

beforeEach(() => {
  written = [];
  posted.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
      if (url.startsWith(`/api/assistants/${ASSISTANT}/insights?`)) return json(insights());
      if (url === `/api/assistants/${ASSISTANT}/answers` && init?.method === "POST") {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        const made = { id: "c1", ...body, createdAt: "2026-11-30T04:00:00.000Z", updatedAt: "2026-11-30T04:00:00.000Z" };
        written = [made];
        return json(made);
      }
      if (url === `/api/assistants/${ASSISTANT}/answers`) return json(written);
      if (url === `/api/shared-assistants/s1/conversations/${GUEST}`) {
        return json({
          conversation: { id: GUEST, visitor: "guest", visitorName: "", guestCode: "0B6C7F", startedAt: "2026-11-30T02:00:00.000Z", lastMessageAt: "2026-11-30T02:00:00.000Z", messageCount: 2, preview: "" },
          messages: [{ id: "q1", role: "user", content: "太空梭的燃料是什麼成分？", imageData: null, imageFileName: null, isError: false, createdAt: "2026-11-30T02:00:00.000Z" }],
          truncated: false,
        });
      }
      return json({ error: { code: "not_found", message: "not found" } }, 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("InsightsScreen", () => {
  it("shows the range's figures, charts described for screen readers, and the three lists, in English", async () => {
    renderInLocale(<InsightsScreen assistantId={ASSISTANT} canWrite />, { locale: "en" });
    expect(await screen.findByText("What visitors asked 清運小幫手, and how it answered")).toBeTruthy();
    expect(screen.getByTestId("insights-figure-unansweredShare").textContent).toBe("25%");
    expect(screen.getByTestId("insights-activity-chart").querySelector("figcaption")!.textContent).toBe("Conversations, messages and visitors per day from 2026-11-01 to 2026-11-30");
    const top = screen.getByTestId("insights-top-questions");
    expect(within(top).getByText("asked 3 times")).toBeTruthy();
    expect(within(top).getByText("Also asked as: 資源回收哪天收")).toBeTruthy();
    expect(within(screen.getByTestId("insights-thumbs-down")).getByText("Comment: 沒有說到週六")).toBeTruthy();
    // A guest is only "visitor N"; the owner's own chat has no visitor label.
    expect(within(screen.getByTestId("insights-unanswered")).getByTestId("insights-visitor").textContent).toBe("Visitor 2");
    expect(within(screen.getByTestId("insights-thumbs-down")).queryByTestId("insights-visitor")).toBeNull();
    expect(screen.getByTestId("insights-csv").getAttribute("href")).toBe(`/api/assistants/${ASSISTANT}/insights/export?range=30d`);
  });

  it("opens an unanswered question's conversation, and writes the right answer for it", async () => {
    const { user } = renderInLocale(<InsightsScreen assistantId={ASSISTANT} canWrite />);
    const row = await screen.findByTestId("insights-unanswered-row");
    await user.click(within(row).getByRole("button", { name: "開啟對話" }));
    const dialog = await screen.findByTestId("insights-conversation");
    await waitFor(() => expect(within(dialog).getByText("太空梭的燃料是什麼成分？")).toBeTruthy());
    await user.keyboard("{Escape}");

    await user.click(within(row).getByRole("button", { name: "撰寫正確答案" }));
    expect((screen.getByLabelText("問題") as HTMLInputElement).value).toBe("太空梭的燃料是什麼成分？");
    await user.click(screen.getByRole("button", { name: "儲存答案" }));
    expect(await screen.findByText("請輸入答案")).toBeTruthy();
    await user.type(screen.getByLabelText("正確答案"), "液態氫與液態氧。");
    await user.click(screen.getByRole("button", { name: "儲存答案" }));
    await waitFor(() => expect(posted).toEqual([{ question: "太空梭的燃料是什麼成分？", answer: "液態氫與液態氧。" }]));
    const list = await screen.findByTestId("curated-answers");
    expect(within(list).getByText("液態氫與液態氧。")).toBeTruthy();
  });

  it("uploads a document that answers an unanswered question, for this assistant, from the same dialog", async () => {
    const sent: { url: string; fields: Record<string, string> }[] = [];
    // The upload goes by XMLHttpRequest (for its progress): a stand-in that answers as the server does.
    class FakeUpload {
      status = 0;
      responseText = "";
      timeout = 0;
      withCredentials = false;
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      private url = "";
      open(_method: string, url: string) {
        this.url = url;
      }
      send(form: FormData) {
        const fields: Record<string, string> = {};
        form.forEach((value, name) => (fields[name] = typeof value === "string" ? value : `file:${(value as File).name}`));
        sent.push({ url: this.url, fields });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = 201;
        this.responseText = JSON.stringify({ id: "d9", originalName: "燃料說明.pdf", status: "processing" });
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    const { user } = renderInLocale(<InsightsScreen assistantId={ASSISTANT} canWrite />);
    const row = await screen.findByTestId("insights-unanswered-row");
    await user.click(within(row).getByRole("button", { name: "撰寫正確答案" }));
    const dialog = await screen.findByTestId("answer-dialog");
    expect(within(dialog).getByText("或者，上傳一份能回答這個問題的文件：它會加入這個助理的文件，處理完成後就能回答。")).toBeTruthy();
    await user.upload(within(dialog).getByTestId("answer-upload-input"), new File(["%PDF-1.4"], "燃料說明.pdf", { type: "application/pdf" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe("/api/documents/upload");
    expect(sent[0].fields).toMatchObject({ assistantId: ASSISTANT, file: "file:燃料說明.pdf" });
    // The library's own toast follows it from here to the end of its processing.
    expect(await screen.findByText("上傳成功")).toBeTruthy();
  });

  it("offers no upload when changing an answer written before", async () => {
    written = [{ id: "c1", question: "資源回收是哪幾天？", answer: "週二、週四與週六。", createdAt: "2026-11-30T04:00:00.000Z", updatedAt: "2026-11-30T04:00:00.000Z" } as CuratedAnswer];
    const { user } = renderInLocale(<InsightsScreen assistantId={ASSISTANT} canWrite />);
    const list = await screen.findByTestId("curated-answers");
    await user.click(within(list).getByRole("button", { name: "編輯" }));
    const dialog = await screen.findByTestId("answer-dialog");
    expect(within(dialog).queryByTestId("answer-upload")).toBeNull();
  });

  it("offers no writing to an admin reading another owner's assistant", async () => {
    renderInLocale(<InsightsScreen assistantId={ASSISTANT} canWrite={false} />);
    await screen.findByTestId("insights-unanswered-row");
    expect(screen.queryByRole("button", { name: "撰寫正確答案" })).toBeNull();
  });
});
