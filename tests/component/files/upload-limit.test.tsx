import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { FileLibrary } from "@/components/files/file-library";
import type { UploadUsage } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";

// The file library's upload control against what the server says of this month's uploads
// (GET /api/documents/usage): usable while the plan allows more, disabled with the reason once
// the month's limit is reached, and never for an admin, whose plan has no limit.

const MB = 1024 * 1024;
let usage: UploadUsage;

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const body = url === "/api/documents/usage" ? usage : url === "/api/documents" ? [] : null;
      return new Response(JSON.stringify(body), { status: body === null ? 404 : 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLibrary(locale: "zh-TW" | "en" = "zh-TW") {
  // A cache of its own per test: nothing carries over from another test's answers.
  return renderInLocale(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <FileLibrary />
    </SWRConfig>,
    { locale },
  );
}

const uploadButton = () => screen.getByRole<HTMLButtonElement>("button", { name: /上傳檔案|Upload files/ });

describe("the upload control and the month's limit", () => {
  it("is usable while the plan allows more uploads this month", async () => {
    usage = { month: "2026-12", uploads: 4, monthlyLimit: 5, maxFileBytes: 10 * MB };
    renderLibrary();
    await screen.findByText("本月已上傳 4 / 5 個檔案");
    expect(uploadButton().disabled).toBe(false);
    expect(screen.queryByTestId("upload-limit-reached")).toBeNull();
  });

  it("is disabled once the limit is reached, and says why, when uploads open again, and where the plans are", async () => {
    usage = { month: "2026-12", uploads: 5, monthlyLimit: 5, maxFileBytes: 10 * MB };
    renderLibrary();
    await screen.findByText("本月已上傳 5 / 5 個檔案");
    expect(uploadButton().disabled).toBe(true);
    // The reason is the button's description, read with it.
    expect(screen.getByRole("button", { name: "上傳檔案", description: "本月已上傳 5 個檔案，已達方案的上限，下個月 1 日（台北時間）起可再上傳；成為支持者即可無限上傳。 查看方案" })).toBe(uploadButton());
    expect(screen.getByRole("link", { name: "查看方案" }).getAttribute("href")).toBe("/subscribe");
    expect(screen.getByTestId<HTMLInputElement>("upload-input").disabled).toBe(true);
  });

  it("takes no file dropped on it once the limit is reached", async () => {
    usage = { month: "2026-12", uploads: 5, monthlyLimit: 5, maxFileBytes: 10 * MB };
    renderLibrary();
    await screen.findByTestId("upload-limit-reached");
    const file = new File(["notes"], "notes.txt", { type: "text/plain" });
    fireEvent.drop(screen.getByTestId("upload-zone"), { dataTransfer: { files: [file], types: ["Files"] } });
    // Nothing was sent: only the library's reads.
    expect(vi.mocked(fetch).mock.calls.filter(([, init]) => (init?.method ?? "GET") !== "GET")).toEqual([]);
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain("/api/documents/usage");
    expect(screen.queryByTestId("upload-progress")).toBeNull();
  });

  it("says it in English too", async () => {
    usage = { month: "2026-12", uploads: 5, monthlyLimit: 5, maxFileBytes: 10 * MB };
    renderLibrary("en");
    await screen.findByTestId("upload-limit-reached");
    expect(uploadButton().disabled).toBe(true);
    expect(screen.getByTestId("upload-limit-reached").textContent).toContain("You have uploaded 5 files this month, your plan's limit.");
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe("/subscribe");
  });

  it("never stops an admin, whose plan has no limit", async () => {
    usage = { month: "2026-12", uploads: 40, monthlyLimit: null, maxFileBytes: 30 * MB };
    renderLibrary();
    await screen.findByText("本月已上傳 40 個檔案（無上限）");
    expect(uploadButton().disabled).toBe(false);
    expect(screen.queryByTestId("upload-limit-reached")).toBeNull();
  });
});
