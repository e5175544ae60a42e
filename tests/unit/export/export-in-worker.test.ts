import { describe, expect, it } from "vitest";
import { contentBlocks, type RichDocument } from "@/lib/server/export/export-content";
import { renderInWorker } from "@/lib/server/export/export-in-worker";
import { EXPORT_MAX_PER_USER } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";

function conversation(messages: number): RichDocument {
  return {
    locale: "zh-TW",
    title: "對話記錄",
    exported: "匯出時間：2026/11/25 12:00:00",
    imageLabel: "圖片",
    entries: Array.from({ length: messages }, (_, i) => ({
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      label: i % 2 === 0 ? "使用者" : "AI 助理",
      time: "2026/11/25 12:00:00",
      blocks: contentBlocks(i % 2 === 0 ? "user" : "assistant", `第 ${i + 1} 則：${"臺北市資源回收在每週二與週四收運。".repeat(40)}`),
      imageData: null,
      imageFileName: null,
    })),
  };
}

const startsWith = (bytes: Uint8Array, text: string) => new TextDecoder().decode(bytes.subarray(0, text.length)) === text;

describe("renderInWorker", () => {
  it("typesets PDF and Word in a worker thread and hands back the file", async () => {
    expect(startsWith(await renderInWorker("pdf", conversation(2)), "%PDF-")).toBe(true);
    expect(startsWith(await renderInWorker("docx", conversation(2)), "PK")).toBe(true);
  });

  it("stops an export over its time budget with a translated reason, and the next export still works", async () => {
    const refused = await renderInWorker("pdf", conversation(400), { timeoutMs: 20 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "unprocessable", messageKey: "export_too_large" });
    expect(startsWith(await renderInWorker("pdf", conversation(1)), "%PDF-")).toBe(true);
  });

  it("answers a document the builder cannot read with an error, not a hang", async () => {
    const broken = { ...conversation(1), entries: null } as unknown as RichDocument;
    await expect(renderInWorker("pdf", broken)).rejects.toMatchObject({ code: "internal" });
    expect(startsWith(await renderInWorker("docx", conversation(1)), "PK")).toBe(true);
  });

  it("holds one person to a few exports at once: the next is refused with 429 and Retry-After, another person's is not", async () => {
    const mine = Array.from({ length: EXPORT_MAX_PER_USER }, () => renderInWorker("pdf", conversation(2), { owner: "greedy" }));
    const refused = await renderInWorker("pdf", conversation(2), { owner: "greedy" }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited", messageKey: "export_user_busy", headers: { "Retry-After": expect.stringMatching(/^\d+$/) } });
    const theirs = renderInWorker("docx", conversation(2), { owner: "someone-else" });
    for (const file of await Promise.all(mine)) expect(startsWith(file, "%PDF-")).toBe(true);
    expect(startsWith(await theirs, "PK")).toBe(true);
    // Their exports done, the same person may export again.
    expect(startsWith(await renderInWorker("pdf", conversation(1), { owner: "greedy" }), "%PDF-")).toBe(true);
  });
});
