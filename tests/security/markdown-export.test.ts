import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import * as exportRoute from "@/app/api/messages/export/route";
import { insertExchange } from "@/lib/server/queries/messages";
import { ORIGIN, seedUser } from "../support/http";

// The Markdown export once kept raw HTML (`<script>`, `<img onerror>`) as written, live for
// any viewer that renders HTML in Markdown. It is now text there, while code keeps its characters.

const QUESTION = `看這個 <script>alert(1)</script><img src=x onerror="alert(2)"> & <iframe src=//evil.example>`;
const REPLY = [
  "## 說明",
  "",
  "<img src=y onerror=alert(3)> 與 <svg onload=alert(4)>，**粗體**照舊。",
  "",
  "行內程式碼 `<b>` 保留原樣。",
  "",
  "```html",
  "<script>console.log('範例')</script>",
  "```",
  "",
  "```",
  "<p>沒有結尾的程式碼區塊",
].join("\n");
const NEXT_REPLY = "<script>alert(5)</script> 在下一則訊息裡";

async function exportMarkdown(cookie: string): Promise<string> {
  const req = new NextRequest(`${ORIGIN}/api/messages/export?format=md`, { headers: { host: "localhost:3000", cookie } });
  const res = await exportRoute.GET(req, { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return res.text();
}

describe("GET /api/messages/export?format=md", () => {
  it("writes raw HTML in questions, replies and image names as text, and keeps code as written", async () => {
    const { cookie, user } = await seedUser({ role: "admin" });
    const own = { ownerId: user.id };
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await insertExchange(
      { ...own, role: "user", content: QUESTION, imageFileName: "<img src=z onerror=alert(6)>.png", createdAt: at(0) },
      { ...own, role: "assistant", content: REPLY, createdAt: at(1) },
    );
    await insertExchange({ ...own, role: "user", content: "再一題", createdAt: at(2) }, { ...own, role: "assistant", content: NEXT_REPLY, createdAt: at(3) });

    const markdown = await exportMarkdown(cookie);
    // Nothing that opens a tag is left outside the two code blocks the reply wrote.
    const outsideCode = markdown.replace(/^```html\n<script>console\.log\('範例'\)<\/script>\n```$/m, "").replace(/^```\n<p>沒有結尾的程式碼區塊\n```$/m, "");
    expect(outsideCode.replace(/`<b>`/, "")).not.toMatch(/<[a-z/!?]/i);

    expect(markdown).toContain(`看這個 &lt;script>alert(1)&lt;/script>&lt;img src=x onerror="alert(2)"> &amp; &lt;iframe src=//evil.example>`);
    expect(markdown).toContain("[圖片: &lt;img src=z onerror=alert(6)>.png]");
    expect(markdown).toContain("&lt;img src=y onerror=alert(3)> 與 &lt;svg onload=alert(4)>，**粗體**照舊。");
    expect(markdown).toContain("行內程式碼 `<b>` 保留原樣。");
    expect(markdown).toContain("```html\n<script>console.log('範例')</script>\n```");
    // The fence the reply left open is closed before the next message, which stays text.
    expect(markdown).toContain("```\n<p>沒有結尾的程式碼區塊\n```");
    expect(markdown).toContain("&lt;script>alert(5)&lt;/script> 在下一則訊息裡");
  });
});
