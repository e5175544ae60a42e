import { describe, expect, it } from "vitest";
import { readEventStream } from "@/lib/chat/event-stream";
import { detectInAppBrowser } from "@/lib/chat/in-app-browser";
import { findLinks, shortenLinkText } from "@/lib/chat/links";

function streamOf(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

describe("readEventStream", () => {
  it("hands out events as their blocks complete, however the bytes are split", async () => {
    const events = [];
    for await (const e of readEventStream(streamOf("event: delta\ndata: {\"te", "xt\":\"臺\"}\n\nevent: del", "ta\ndata: {\"text\":\"北\"}\r\n\r\nevent: done\ndata: {\"ok\":true}\n\n", "event: cut\ndata: {"))) {
      events.push(e);
    }
    expect(events).toEqual([
      { event: "delta", data: { text: "臺" } },
      { event: "delta", data: { text: "北" } },
      { event: "done", data: { ok: true } },
    ]);
  });
});

describe("links", () => {
  it("finds http(s) URLs only, without the sentence's punctuation, once each", () => {
    expect(findLinks("見 https://example.com/a?b=1。也看 http://x.org/path), 和 ftp://no.example 與 javascript:alert(1) 再 https://example.com/a?b=1")).toEqual([
      "https://example.com/a?b=1",
      "http://x.org/path",
    ]);
  });

  it("shortens link text to 45 characters: 42 and an ellipsis", () => {
    const short = "https://example.com/" + "a".repeat(25);
    expect(shortenLinkText(short)).toBe(short);
    const long = "https://example.com/" + "a".repeat(26);
    expect(shortenLinkText(long)).toBe(`${long.slice(0, 42)}...`);
    expect(shortenLinkText(long)).toHaveLength(45);
  });
});

describe("detectInAppBrowser", () => {
  it("recognises LINE, Facebook, Messenger and Instagram, and nothing else", () => {
    expect(detectInAppBrowser("Mozilla/5.0 (iPhone) AppleWebKit Line/13.1.0")).toBe("line");
    expect(detectInAppBrowser("Mozilla/5.0 (Linux; Android) [FB_IAB/FB4A;FBAV/400.0]")).toBe("facebook");
    expect(detectInAppBrowser("Mozilla/5.0 (iPhone) Instagram 300.0")).toBe("instagram");
    expect(detectInAppBrowser("Mozilla/5.0 (Windows NT 10.0) Chrome/130 Safari/537.36")).toBeNull();
  });
});

import { dataUrlToFile } from "@/lib/chat/analyze-image";
import { checkChosenImage, nextProgress, splitImageAnalysis, withImageAnalysis } from "@/lib/chat/compose-message";

describe("image attachments", () => {
  it("appends the analysis after the [圖片分析] marker", () => {
    expect(withImageAnalysis("這是什麼？", "一面旗子")).toBe("這是什麼？\n\n[圖片分析] 一面旗子");
    expect(withImageAnalysis("  ", "一面旗子")).toBe("[圖片分析] 一面旗子");
    // The documents are searched for the user's words; a question about the image is answered from its analysis.
    expect(splitImageAnalysis(withImageAnalysis("資源回收是哪幾天？", "PNG 圖片，紅色與藍色"))).toEqual({ question: "資源回收是哪幾天？", analysis: "PNG 圖片，紅色與藍色" });
    expect(splitImageAnalysis(withImageAnalysis("", "PNG 圖片\n主要顏色：藍色。"))).toEqual({ question: "", analysis: "PNG 圖片\n主要顏色：藍色。" });
    expect(splitImageAnalysis("沒有圖片")).toEqual({ question: "沒有圖片", analysis: null });
  });

  it("accepts any image up to 10 MB", () => {
    expect(checkChosenImage({ type: "image/png", size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkChosenImage({ type: "image/png", size: 10 * 1024 * 1024 + 1 })).toBe("too_large");
    expect(checkChosenImage({ type: "application/pdf", size: 10 })).toBe("format");
  });

  it("turns a saved draft's data URL back into its file without fetching it (the page's CSP refuses fetch of data:)", async () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWN4oKCg4PAAAAgnAmGAlfJwAAAAAElFTkSuQmCC", "base64");
    const realFetch = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError("Refused to connect: connect-src 'self'"));
    try {
      const file = await dataUrlToFile(`data:image/png;base64,${png.toString("base64")}`, "旗子.png");
      expect([file.name, file.type]).toEqual(["旗子.png", "image/png"]);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
      const text = await dataUrlToFile("data:text/plain;charset=utf-8,%E4%BD%A0%E5%A5%BD", "a.txt");
      expect([text.type, await text.text()]).toEqual(["text/plain", "你好"]);
      await expect(dataUrlToFile("https://example.com/a.png", "a.png")).rejects.toThrow();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("simulates progress up to 90 % and holds there", () => {
    let p = 0;
    for (let i = 0; i < 200; i++) p = nextProgress(p);
    expect(p).toBe(90);
    expect(nextProgress(0)).toBeGreaterThan(0);
  });
});
