// npm run bench:export [-- --messages 2700 --concurrent 3 --format pdf --port N] [--fonts-only]
// Whether a long export holds up everyone else (docs/rules/export.md#bounds): against the real production server on a
// fresh embedded database, an owner stores `messages` messages (half of them 4,000-character
// questions, the longest allowed), then `concurrent` exports of the conversation run at once while
// one client checks /api/health back to back. Prints one JSON object: the health check's latency
// idle and during the exports (p50/p95/max, the ratio of the p95s), each export's time and size,
// and the target (p95 during ≤ 100 ms). Asserts nothing: speed on these machines is a figure.
//
// First, what the PDF fallback fonts cost (docs/rules/export.md#contents), in the export worker: a typical Traditional
// Chinese conversation (20 questions of the DRCD eval set and replies quoting the paragraph that
// answers each, in the offline model's shape; every character in Noto Sans TC), then the same
// conversation with a line of Simplified Chinese, Japanese, Korean, emoji or symbols added to each
// question, exported in turn. Each PDF's size and time (the first export, the Traditional one in a
// fresh worker, then the median of 5), the mixed one against the Traditional one, and an upper bound
// on the bytes each fallback character adds. --fonts-only stops there.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { oneConnection, send } from "./lib/closed-loop";
import { CookieJar } from "./lib/cookie-jar";
import { allowServerOnlyImports, parseArgs, percentile, round } from "./lib/eval-set";
import { freePort, serveApp } from "./lib/serve-app";

const TARGET_P95_MS = 100;
const IDLE_SECONDS = 5;
const REQUEST_TIMEOUT_MS = 120_000;

const args = parseArgs(process.argv.slice(2));
const messageCount = Number(args.get("messages") || 2_700);
const concurrent = Number(args.get("concurrent") || 3);
const format = args.get("format") || "pdf";
if (!(messageCount >= 2 && messageCount <= 20_000 && concurrent >= 1 && concurrent <= 20 && ["pdf", "docx", "html", "txt", "md"].includes(format))) {
  console.error("usage: npm run bench:export -- [--messages 2..20000] [--concurrent 1..20] [--format pdf|docx|html|txt|md] [--port N] [--fonts-only]");
  process.exit(2);
}

// A 4,000-character question of ordinary mixed text (the longest a message may be).
const QUESTION = "臺北市政府公告：資源回收在每週二與週四收運，請將紙類、塑膠與金屬分開放置。Recycling is collected on Tuesdays and Thursdays. ".repeat(60).slice(0, 4_000);

const FONT_RUNS = 5;
const MIXED_LINES = ["简体：三权分立是什么？这个国家说的问题。", "日本語：この文書を要約してください。", "한국어: 이 문서를 요약해 주세요.", "反應：👍😀🎉❤️ 好的", "符號：✔ ⚡ ⏎ ℃ → ★"];

/** Size and time of PDF exports with and without characters Noto Sans TC lacks, in the export worker. */
async function fontCosts() {
  allowServerOnlyImports();
  const { renderInWorker } = await import("@/lib/server/export/export-in-worker");
  const { contentBlocks } = await import("@/lib/server/export/export-content");
  const { glyphSource } = await import("@/lib/server/export/pdf-fonts");
  const evalDir = path.join(process.cwd(), "tests/fixtures/eval/drcd_dev");
  const inTraditionalFont = (text: string) => [...text].every((char) => /\s/.test(char) || glyphSource(char.codePointAt(0)!, 400)?.family === "noto-sans-tc");
  const exchanges = readFileSync(path.join(evalDir, "questions.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { question: string; docFile: string; paragraphCharStart: number; paragraphCharEnd: number })
    .map((q) => ({
      question: q.question,
      reply: `根據您的文件，最相關的內容如下：\n\n> ${readFileSync(path.join(evalDir, "docs", q.docFile), "utf8").slice(q.paragraphCharStart, q.paragraphCharEnd)} [1]\n\n— 《${q.docFile}》 第 1 頁`,
    }))
    .filter(({ question, reply }) => inTraditionalFont(question + reply))
    .slice(0, 20);
  const conversation = (questions: string[]) => ({
    locale: "zh-TW" as const,
    title: "對話記錄",
    exported: "匯出時間：2026/11/22 14:05:09",
    imageLabel: "圖片",
    entries: exchanges.flatMap(({ reply }, i) =>
      (["user", "assistant"] as const).map((role) => ({
        role,
        label: role === "user" ? "使用者" : "AI 助理",
        time: "2026/11/22 14:00:00",
        blocks: contentBlocks(role, role === "user" ? questions[i] : reply),
        imageData: null,
        imageFileName: null,
      })),
    ),
  });
  const traditional = conversation(exchanges.map(({ question }) => question));
  const mixedQuestions = exchanges.map(({ question }, i) => `${question}\n${MIXED_LINES[i % MIXED_LINES.length]}`);
  const mixed = conversation(mixedQuestions);
  const fallbackCharacters = new Set([...mixedQuestions.join("")].filter((char) => !/\s/.test(char) && !inTraditionalFont(char))).size;
  // Taken in turn, so a busy moment of the machine falls on both alike.
  const runs = { traditional: [] as number[], mixed: [] as number[] };
  const bytes = { traditional: 0, mixed: 0 };
  for (let i = 0; i <= FONT_RUNS; i++) {
    for (const [name, document] of [["traditional", traditional], ["mixed", mixed]] as const) {
      const started = performance.now();
      bytes[name] = (await renderInWorker("pdf", document)).byteLength;
      runs[name].push(performance.now() - started);
    }
  }
  const figures = (name: "traditional" | "mixed") => ({ bytes: bytes[name], firstMs: round(runs[name][0], 0), medianMs: round(percentile(runs[name].slice(1), 0.5), 0) });
  const base = figures("traditional");
  const withFallbacks = figures("mixed");
  return {
    messages: traditional.entries.length,
    traditional: base,
    mixed: { ...withFallbacks, fallbackCharacters },
    mixedOverTraditional: { bytes: round(withFallbacks.bytes / base.bytes, 3), medianTime: round(withFallbacks.medianMs / base.medianMs, 2) },
    // The added lines' text is in it too, so this is an upper bound on what a fallback glyph costs.
    bytesPerFallbackCharacter: round((withFallbacks.bytes - base.bytes) / fallbackCharacters, 0),
  };
}

const fonts = await fontCosts();
if (args.has("fonts-only")) {
  console.log(JSON.stringify({ benchmark: "export", fonts }, null, 2));
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-export-"));
process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
const server = await serveApp({
  port: Number(args.get("port")) || (await freePort()),
  env: { DATA_DIR: dataDir, LOG_LEVEL: "warn", MESSAGE_LIMIT_PER_USER_PER_MINUTE: "100000000" },
});
try {
  const base = server.baseUrl;
  const jar = new CookieJar();
  const agent = oneConnection();
  const headers = () => ({ origin: base, cookie: jar.header(), "content-type": "application/json" });
  const setup = await send(agent, `${base}/api/trial-setup`, {
    method: "POST",
    headers: headers(),
    body: JSON.stringify({ email: "owner@example.com", password: "owner-password-1", displayName: "Owner" }),
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}`);
  jar.absorb(setup.setCookies);

  const seeding = Date.now();
  for (let i = 0; i < messageCount / 2; i++) {
    const res = await send(agent, `${base}/api/messages`, { method: "POST", headers: headers(), body: JSON.stringify({ content: QUESTION }), timeoutMs: REQUEST_TIMEOUT_MS });
    if (res.status !== 200) throw new Error(`message ${i} answered ${res.status}`);
  }
  const seedSeconds = (Date.now() - seeding) / 1_000;

  const health = oneConnection();
  async function healthLatencies(until: () => boolean): Promise<number[]> {
    const samples: number[] = [];
    while (!until()) {
      const started = performance.now();
      const res = await send(health, `${base}/api/health`, { timeoutMs: REQUEST_TIMEOUT_MS });
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      samples.push(performance.now() - started);
    }
    return samples;
  }

  const idleEnd = Date.now() + IDLE_SECONDS * 1_000;
  const idle = await healthLatencies(() => Date.now() > idleEnd);

  let running = concurrent;
  const exports = Array.from({ length: concurrent }, async () => {
    const started = performance.now();
    const res = await send(oneConnection(), `${base}/api/messages/export?format=${format}`, { headers: { cookie: jar.header() }, timeoutMs: REQUEST_TIMEOUT_MS }).finally(() => running--);
    return { status: res.status, ms: round(performance.now() - started, 0), bytes: res.bytes };
  });
  const during = await healthLatencies(() => running === 0);
  const results = await Promise.all(exports);

  const stats = (samples: number[]) => ({ samples: samples.length, p50Ms: round(percentile(samples, 0.5), 1), p95Ms: round(percentile(samples, 0.95), 1), maxMs: round(Math.max(...samples), 1) });
  const idleStats = stats(idle);
  const duringStats = stats(during);
  console.log(
    JSON.stringify(
      {
        benchmark: "export",
        fonts,
        format,
        messages: messageCount,
        seedSeconds: round(seedSeconds, 1),
        concurrentExports: concurrent,
        exports: results,
        healthIdle: idleStats,
        healthDuringExports: duringStats,
        p95Ratio: round(duringStats.p95Ms / idleStats.p95Ms, 2),
        target: { healthP95DuringMs: TARGET_P95_MS, met: duringStats.p95Ms <= TARGET_P95_MS },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
