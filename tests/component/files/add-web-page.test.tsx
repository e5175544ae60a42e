import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { FileLibrary } from "@/components/files/file-library";
import type { LibraryDocument } from "@/components/files/types";
import type { UploadUsage } from "@/lib/server/present/api-types";
import { renderInLocale } from "../support/render";

// The file library's web-page field: an address typed and sent with Enter (the keyboard's "go"
// on a phone), the server's reason shown under the field when it refuses, the page listed with
// its address when it is added, and the field off once the month's uploads are used up.

const MB = 1024 * 1024;
let usage: UploadUsage;
let listed: LibraryDocument[];
let answer: { status: number; body: unknown };
const posted: unknown[] = [];

const page: LibraryDocument = {
  id: "doc-1",
  originalName: "市立游泳池開放時間",
  status: "processed",
  kind: "html",
  size: 2048,
  pageCount: null,
  chunkCount: 1,
  createdAt: "2026-12-07T01:00:00.000Z",
  processedAt: "2026-12-07T01:00:01.000Z",
  errorReason: null,
  sourceUrl: "https://city.example/pool?lang=zh",
  fetchedAt: "2026-12-07T01:00:00.000Z",
  reading: null,
  unreadablePages: [],
};

beforeEach(() => {
  posted.length = 0;
  listed = [];
  usage = { month: "2026-12", uploads: 1, monthlyLimit: 5, maxFileBytes: 10 * MB };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === "/api/documents/web-page" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
      }
      const body = url === "/api/documents/usage" ? usage : url === "/api/documents" ? listed : url.startsWith("/api/assistants") || url.startsWith("/api/collections") ? [] : null;
      return new Response(JSON.stringify(body), { status: body === null ? 404 : 200, headers: { "content-type": "application/json" } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLibrary(locale: "zh-TW" | "en" = "zh-TW") {
  return renderInLocale(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <FileLibrary />
    </SWRConfig>,
    { locale },
  );
}

describe("adding a web page by its address", () => {
  it("sends the address with Enter and shows the server's reason under the field, keeping the address", async () => {
    answer = { status: 422, body: { error: { code: "unprocessable", message: "這個網頁需要登入才能檢視，無法擷取；請改為下載後上傳檔案" } } };
    renderLibrary();
    const field = await screen.findByLabelText("從網址新增網頁");
    fireEvent.change(field, { target: { value: " https://members.example/report " } });
    fireEvent.submit(field.closest("form")!);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("這個網頁需要登入才能檢視，無法擷取；請改為下載後上傳檔案");
    expect(posted).toEqual([{ url: "https://members.example/report" }]);
    expect((field as HTMLInputElement).value).toBe("https://members.example/report");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toContain(alert.id);
  });

  it("lists the added page with a link to it that opens in a new tab, and a button to fetch it again", async () => {
    answer = { status: 201, body: { ...page, status: "processing" } };
    renderLibrary("en");
    const field = await screen.findByLabelText("Add a web page by its address");
    fireEvent.change(field, { target: { value: "https://city.example/pool?lang=zh" } });
    fireEvent.click(screen.getByRole("button", { name: "Add page" }));
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(""));
    const link = await screen.findByRole("link", { name: "Open the original page in a new tab: city.example/pool?lang=zh" });
    expect(link.getAttribute("href")).toBe("https://city.example/pool?lang=zh");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(screen.getByRole("button", { name: "Fetch “市立游泳池開放時間” again" })).toBeTruthy();
  });

  it("is off once the month's uploads are used up", async () => {
    usage = { month: "2026-12", uploads: 5, monthlyLimit: 5, maxFileBytes: 10 * MB };
    renderLibrary();
    await screen.findByText("本月已上傳 5 / 5 個檔案");
    expect(screen.getByLabelText<HTMLInputElement>("從網址新增網頁").disabled).toBe(true);
  });
});
