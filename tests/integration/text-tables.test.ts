import { beforeAll, describe, expect, it } from "vitest";
import * as upload from "@/app/api/documents/upload/route";
import * as messages from "@/app/api/messages/route";
import { registerJobs } from "@/lib/server/jobs/register";
import { drainJobs } from "@/lib/server/jobs/runner";
import { setWorkspaceAccess } from "@/lib/server/policies/workspace-access";
import { call, multipart, seedUser } from "../support/http";

// A .md or .txt file is stored as written, so its long Markdown table is one header over hundreds
// of rows, cut between passages. Through the real upload, job runner and chat, a row far from the
// header is still found by the header's words and quoted under its columns' labels.

const header = ["車次", "起站", "迄站", "開車時間", "商務車廂票價"];
const table = (n: number) =>
  [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...Array.from({ length: n }, (_, i) => `| ${1000 + i} | 南港 | ${i % 3 === 0 ? "左營" : i % 3 === 1 ? "臺中" : "嘉義"} | ${String(6 + (i % 17)).padStart(2, "0")}:${String((i * 7) % 60).padStart(2, "0")} | ${1500 + i} 元 |`),
  ].join("\n");

async function uploadText(cookie: string, name: string, text: string) {
  const { rawBody, headers } = await multipart({ file: new File([text], name, { type: name.endsWith(".md") ? "text/markdown" : "text/plain" }) });
  return call(upload.POST, { method: "POST", path: "/api/documents/upload", cookie, rawBody, headers });
}

beforeAll(async () => {
  registerJobs();
  await setWorkspaceAccess("everyone");
});

describe("a long Markdown table in a text file", () => {
  for (const name of ["時刻表.md", "時刻表.txt"]) {
    it(`${name}: a row hundreds of lines under the header is quoted under its columns' labels`, async () => {
      const { cookie } = await seedUser({ role: "admin" });
      const text = `# 高鐵時刻表\n\n本表列出本季南下班次。\n\n${table(500)}\n\n以上資料如有異動，以車站公告為準。\n`;
      expect((await uploadText(cookie, name, text)).status).toBe(201);
      await drainJobs();
      const res = await call(messages.POST, { method: "POST", path: "/api/messages", cookie, body: { content: "1437 車次的商務車廂票價是多少？" } });
      expect(res.status).toBe(200);
      const reply = res.body.aiMessage.content as string;
      expect(reply).toContain("車次：1437；起站：南港；迄站：嘉義；開車時間：");
      expect(reply).toContain("商務車廂票價：1937 元。");
      expect(reply).not.toMatch(/^文件中沒有找到直接的答案/);
      // The cited passage carries the header, so the chat shows the rows as a table with labels.
      expect(res.body.aiMessage.sources[0]).toMatchObject({ documentName: name, quote: expect.stringContaining(`| ${header.join(" | ")} |`) });
    });
  }
});
