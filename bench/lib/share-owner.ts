// The owner's side of the share-link benchmarks (bench:shared, bench:scale-out): register, upload
// a fixture PDF, wait until it is processed, share the assistant with its documents.
import { readFileSync } from "node:fs";
import path from "node:path";
import { CookieJar } from "./cookie-jar";
import { sleep } from "./serve-app";
import type { ShareTarget } from "./share-guests";

/**
 * The environment of a benchmark's server: workspace open, quiet logs, and the share limits raised
 * (every simulated visitor comes from 127.0.0.1, far past the per-address limit a real crowd meets).
 */
export function shareBenchEnv(dataDir: string): Record<string, string> {
  const raised = "1000000";
  return {
    DATA_DIR: dataDir,
    WORKSPACE_ACCESS: "everyone",
    LOG_LEVEL: "warn",
    SHARE_LIMIT_PER_IP_PER_MINUTE: raised,
    SHARE_LIMIT_PER_VISITOR_PER_MINUTE: raised,
    SHARE_LIMIT_PER_LINK_PER_MINUTE: raised,
  };
}

export const FIXTURE = path.resolve(import.meta.dirname, "../../tests/fixtures/documents/zh-3-pages.pdf");
// Answerable from the fixture, one per topic of its three pages.
export const QUESTIONS = [
  "半導體產業的研發中心設在哪些城市？",
  "臺北市公共運輸票價調整後有哪些優惠？",
  "市民可以用什麼方式搭乘捷運與公車？",
  "文化部推動的地方文化館計畫有哪些活動？",
];

/** The owner's side, as the app's pages do it: register, upload the fixture, wait, share. */
export async function shareWithDocument(baseUrl: string, email = "bench-owner@example.com"): Promise<{ target: ShareTarget; processedSeconds: number }> {
  const owner = new CookieJar();
  const api = async (route: string, init: { method?: string; json?: unknown; form?: FormData } = {}): Promise<unknown> => {
    const headers: Record<string, string> = { origin: baseUrl, cookie: owner.header() };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${baseUrl}${route}`, {
      method: init.method ?? "GET",
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      signal: AbortSignal.timeout(60_000),
    });
    owner.absorb(res.headers.getSetCookie());
    const body: unknown = await res.json();
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${route}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };

  await api("/api/register", { method: "POST", json: { email, password: "bench-password-1", displayName: "壓測站長" } });
  const form = new FormData();
  form.append("file", new Blob([readFileSync(FIXTURE)], { type: "application/pdf" }), path.basename(FIXTURE));
  const { id } = (await api("/api/documents/upload", { method: "POST", form })) as { id: string };
  const started = performance.now();
  for (let i = 0; ; i++) {
    const documents = (await api("/api/documents")) as { id: string; status: string }[];
    const status = documents.find((d) => d.id === id)?.status;
    if (status === "processed") break;
    if (status === "error") throw new Error("the fixture document failed to process");
    if (i >= 240) throw new Error("the fixture document was not processed within 2 minutes");
    await sleep(500);
  }
  const processedSeconds = (performance.now() - started) / 1000;
  const share = (await api("/api/shared-assistants", {
    method: "POST",
    json: { name: "壓測小幫手", rolePrompt: "你是市政與產業資訊的客服。", includeDocuments: true },
  })) as { shareId: string };
  return { target: { baseUrl, shareId: share.shareId }, processedSeconds };
}
