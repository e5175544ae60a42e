// npm run bench:pages [-- --runs 3 --only shared,chat,auth --save <dir> --method simulate|devtools]
// How the key pages load on a phone: Lighthouse (its default mobile preset: a mid-range phone's
// screen, 4x slower CPU, simulated slow 4G) with Debian's Chromium, on the production build, each
// page `runs` times and the median taken. Beside them, in the same run, an empty Next.js page
// (a layout and an <h1>) built by the same Next.js with the same bundler: the least any Next.js
// page can ship, so "over empty" is what the product itself adds. Prints one JSON object with
// each page's compressed JavaScript, performance score, LCP and accessibility score beside its
// target. Exits non-zero only when a page fails to load: speed is a figure, not a verdict.
// `--method devtools` loads each page under the same preset applied for real (Chromium slows its
// CPU and network while the page loads) instead of simulated from an unthrottled load. On
// loopback the unthrottled load has every script downloaded before the first paint, an order a
// phone on slow 4G never sees, and the simulation keeps that order; the applied throttling shows
// the order a phone would.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "@playwright/test";
import { CookieJar } from "./lib/cookie-jar";
import { parseArgs, round } from "./lib/eval-set";
import { precompressStatic } from "../scripts/precompressed-static";
import { freePort, serveApp, signalGroup, sleep } from "./lib/serve-app";
import { shareBenchEnv, shareWithDocument } from "./lib/share-owner";

const root = path.resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const KB = 1024;
// The targets of docs/rules/quality.md#page-weight: compressed JavaScript, Lighthouse performance, LCP under its throttling, and accessibility.
const TARGETS: Record<string, { jsKb?: number; performance?: number; lcpMs?: number; accessibility?: number }> = {
  shared: { jsKb: 130, performance: 95, lcpMs: 2000, accessibility: 100 },
  chat: { jsKb: 170, accessibility: 100 },
  auth: { jsKb: 170, accessibility: 100 },
};

const args = parseArgs(process.argv.slice(2));
const runs = Number(args.get("runs") || 3);
const method = args.get("method") || "simulate";
if (!(Number.isInteger(runs) && runs >= 1 && runs <= 9) || (method !== "simulate" && method !== "devtools")) {
  console.error("usage: npm run bench:pages -- [--runs 1..9] [--only shared,chat,auth] [--save <dir>] [--method simulate|devtools]");
  process.exit(2);
}

type Sample = { jsBytes: number; scripts: number; performance: number; lcpMs: number; lcpElement: string; fcpMs: number; tbtMs: number; cls: number; accessibility: number; failing: string[]; benchmarkIndex: number };

const work = mkdtempSync(path.join(tmpdir(), "docchat-bench-pages-"));
process.once("exit", () => rmSync(work, { recursive: true, force: true }));
const stops: (() => Promise<void>)[] = [];
let exitCode = 1;
try {
  const empty = await serveEmptyNextPage(path.join(work, "empty-next"));
  stops.push(empty.stop);
  const app = await serveApp({ port: await freePort(), env: shareBenchEnv(path.join(work, "data")) });
  stops.push(app.stop);
  const { target } = await shareWithDocument(app.baseUrl);
  const chatCookie = await signedInCookie(app.baseUrl);

  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // As the e2e tests run it: no sandbox as root, and none of Chromium's calls home, which this
    // closed network refuses.
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  stops.push(async () => void chrome.kill());
  const browser = await connectToBrowser(chrome.port);
  stops.push(() => browser.close());
  const pages = [
    { name: "empty Next.js page", url: `${empty.baseUrl}/` },
    { name: "shared", url: `${app.baseUrl}/shared/${target.shareId}` },
    { name: "chat", url: `${app.baseUrl}/`, cookie: chatCookie },
    { name: "auth", url: `${app.baseUrl}/auth` },
  ];
  const medians: Record<string, Sample & { runs: number }> = {};
  // --only shared,auth: those pages (and the empty one) alone, while working on them.
  const only = args.get("only")?.split(",");
  // --save <dir>: every run's whole Lighthouse report, to open in its viewer or read.
  const saveDir = args.get("save");
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  for (const page of pages.filter((p) => !only || p.name.startsWith("empty") || only.includes(p.name))) {
    const samples: Sample[] = [];
    // A server that has just started compiles each route on its first request: one untimed load
    // first, as a visitor of a running site would find it.
    await fetch(page.url, { headers: page.cookie ? { cookie: page.cookie } : {}, signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer());
    for (let i = 0; i < runs; i++) {
      await browser.reset(page.url, page.cookie);
      samples.push(await measure(chrome.port, page.url, method, saveDir && path.join(saveDir, `${page.name.replace(/\W+/g, "-")}-${i + 1}.json`)));
    }
    medians[page.name] = { ...median(samples), runs };
  }
  const emptyJs = medians["empty Next.js page"].jsBytes;
  const report = {
    bench: "pages",
    preset: `Lighthouse mobile (${method === "simulate" ? "simulated" : "applied (devtools)"} throttling), Debian Chromium`,
    runs,
    // Lighthouse's measure of this machine's CPU (its docs: its default 4x slowdown assumes about
    // 1500; a higher index means the slowdown makes a faster phone than it intends, not a slower one).
    hostBenchmarkIndex: Math.round(medians["empty Next.js page"].benchmarkIndex),
    pages: Object.fromEntries(
      Object.entries(medians).map(([name, m]) => {
        const t = TARGETS[name] ?? {};
        return [
          name,
          {
            compressedJsKb: { value: round(m.jsBytes / KB, 1), target: t.jsKb && `<= ${t.jsKb}`, met: t.jsKb ? m.jsBytes <= t.jsKb * KB : undefined },
            overEmptyKb: round((m.jsBytes - emptyJs) / KB, 1),
            ratioToEmpty: round(m.jsBytes / emptyJs, 2),
            scripts: m.scripts,
            performance: { value: m.performance, target: t.performance && `>= ${t.performance}`, met: t.performance ? m.performance >= t.performance : undefined },
            lcpMs: { value: Math.round(m.lcpMs), target: t.lcpMs && `<= ${t.lcpMs}`, met: t.lcpMs ? m.lcpMs <= t.lcpMs : undefined, element: m.lcpElement },
            fcpMs: Math.round(m.fcpMs),
            totalBlockingTimeMs: Math.round(m.tbtMs),
            cumulativeLayoutShift: round(m.cls, 3),
            accessibility: { value: m.accessibility, target: t.accessibility && `= ${t.accessibility}`, met: t.accessibility ? m.accessibility >= t.accessibility : undefined, failing: m.failing },
          },
        ];
      }),
    ),
  };
  console.log(JSON.stringify(report, null, 2));
  exitCode = 0;
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
process.exit(exitCode);

async function measure(port: number, url: string, method: "simulate" | "devtools", saveAs?: string): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    throttlingMethod: method,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    // The browser is reset before each run (connectToBrowser): Lighthouse's own reset would also
    // drop the signed-in user's cookie, which its extraHeaders do not bring back.
    disableStorageReset: true,
  });
  const lhr = result?.lhr;
  if (saveAs && lhr) writeFileSync(saveAs, JSON.stringify(lhr));
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr?.runtimeError?.message ?? "no result"}`);
  const origin = new URL(url).origin;
  // A redirect (a lost session sends the chat to /auth) would measure another page under this name.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script" && r.url.startsWith(origin));
  const failing = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score !== null && a.score < 1)
    .map((a) => a.id);
  return {
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    lcpElement: lcpElement(lhr.audits["lcp-breakdown-insight"]?.details),
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** What the largest paint was, as Lighthouse names it (its selector), so a slow LCP says what to fix. */
function lcpElement(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"selector":"((?:[^"\\]|\\.)*)"/);
  return found ? found[1] : "";
}

/** Each figure's median over the runs; the failing audits of the run with the median score. */
function median(samples: Sample[]): Sample {
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const byAccessibility = [...samples].sort((a, b) => a.accessibility - b.accessibility)[Math.floor(samples.length / 2)];
  return {
    jsBytes: mid(samples.map((s) => s.jsBytes)),
    scripts: mid(samples.map((s) => s.scripts)),
    performance: mid(samples.map((s) => s.performance)),
    lcpMs: mid(samples.map((s) => s.lcpMs)),
    fcpMs: mid(samples.map((s) => s.fcpMs)),
    tbtMs: mid(samples.map((s) => s.tbtMs)),
    cls: mid(samples.map((s) => s.cls)),
    lcpElement: [...samples].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(samples.length / 2)].lcpElement,
    accessibility: byAccessibility.accessibility,
    failing: byAccessibility.failing,
    benchmarkIndex: mid(samples.map((s) => s.benchmarkIndex)),
  };
}

/**
 * The launched Chromium, through Playwright over CDP, to start each run as a first visit: cache,
 * cookies and the origin's storage cleared, then the page's session cookie (if any) set.
 */
async function connectToBrowser(port: number) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = cdp.contexts()[0];
  const tab = await context.newPage();
  const session = await context.newCDPSession(tab);
  return {
    async reset(url: string, cookie?: string) {
      await context.clearCookies();
      await session.send("Network.clearBrowserCache");
      await session.send("Storage.clearDataForOrigin", { origin: new URL(url).origin, storageTypes: "all" });
      if (cookie) {
        const cookies = cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url }));
        await context.addCookies(cookies);
      }
    },
    close: async () => {
      await tab.close().catch(() => undefined);
      // Disconnects; chrome-launcher ends the browser itself.
      await cdp.close();
    },
  };
}

/** A registered user's cookies, for the chat screen (which signed-out visitors never see). */
async function signedInCookie(baseUrl: string): Promise<string> {
  const jar = new CookieJar();
  const res = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email: "bench-pages@example.com", password: "bench-password-1", displayName: "頁面測量" }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  jar.absorb(res.headers.getSetCookie());
  return jar.header();
}

/**
 * An empty Next.js app (a root layout and a page with one heading), built by this project's own
 * Next.js (node_modules is a link to the project's, and Turbopack's root is "/" so the link stays
 * inside it) and served as the product is: by scripts/server.ts, with the same brotli copies of
 * its static files, so both sides of the comparison are compressed alike.
 */
async function serveEmptyNextPage(dir: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  mkdirSync(path.join(dir, "app"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  writeFileSync(path.join(dir, "next.config.mjs"), 'export default { poweredByHeader: false, turbopack: { root: "/" } };\n');
  writeFileSync(path.join(dir, "app/layout.jsx"), 'export default function RootLayout({ children }) {\n  return <html lang="en"><body>{children}</body></html>;\n}\n');
  writeFileSync(path.join(dir, "app/page.jsx"), "export default function Page() {\n  return <main><h1>Empty</h1></main>;\n}\n");
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  const next = path.join(root, "node_modules/next/dist/bin/next");
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const node = path.join(root, "node_modules/.bin/node");
  const build = await new Promise<number | null>((resolve) => spawn(node, [next, "build", dir], { cwd: dir, env, stdio: ["ignore", 2, 2] }).once("exit", resolve));
  if (build !== 0) throw new Error(`building the empty Next.js page failed (${build})`);
  await precompressStatic(path.join(dir, ".next"));
  const port = await freePort();
  const serverEnv = { ...env, NODE_ENV: "production" as const, PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(dir, "data") };
  const child = spawn(node, [path.join(root, "scripts/server.ts")], { cwd: dir, env: serverEnv, stdio: ["ignore", 2, 2], detached: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  // No pid: it never started (and a group of 0 would be this process's own).
  const stop = async () => {
    if (child.pid) signalGroup(child.pid, "SIGKILL");
  };
  process.once("exit", () => void stop());
  for (let i = 0; i < 120; i++) {
    if (await fetch(baseUrl, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false)) return { baseUrl, stop };
    await sleep(250);
  }
  await stop();
  throw new Error("the empty Next.js page did not start within 30 s");
}
