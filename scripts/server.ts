// The production server: Next's request handler behind a plain Node HTTP server, so the client
// address is taken from the socket (or, with TRUST_PROXY, from the proxy's X-Forwarded-For) and
// handed to the app in x-client-ip, a header no client can set through this server.
import http from "node:http";
import next from "next";
import path from "node:path";
import { env } from "../lib/env.ts";
import { brotliForPages } from "./page-brotli.ts";
import { precompressedStaticHandler } from "./precompressed-static.ts";

const app = next({ dev: false, hostname: env.HOST, port: env.PORT });
const handle = app.getRequestHandler();
await app.prepare();
// The build's JavaScript and CSS as brotli, where a .br was written after the build; else Next's gzip.
const serveBrotli = precompressedStaticHandler(path.resolve(".next"));

const server = http.createServer((req, res) => {
  const forwarded = req.headers["x-forwarded-for"];
  // The hop the trusted proxy appended is the last one; anything before it the client may have
  // written itself (a forged X-Forwarded-For would otherwise dodge every per-address limit).
  const proxyHop = typeof forwarded === "string" ? forwarded.split(",").at(-1)?.trim() : undefined;
  req.headers["x-client-ip"] = env.TRUST_PROXY && proxyHop ? proxyHop : (req.socket.remoteAddress ?? "unknown");
  if (serveBrotli(req, res)) return;
  brotliForPages(req, res);
  void handle(req, res);
});

// Idle keep-alive connections stay open longer than the load balancer's (60 s on the common ones,
// nginx's upstream keepalive too): with Node's default of 5 s, a proxy that reuses a connection
// the server is closing at that moment gets a reset, which its clients see as a 502.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.listen(env.PORT, env.HOST, () => {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "listening", url: env.APP_URL, port: env.PORT }));
});

// Warm up: open the database and apply migrations now rather than on the first request.
void fetch(`http://127.0.0.1:${env.PORT}/api/health`).catch(() => undefined);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "stopping", signal }));
  server.close();
  server.closeAllConnections();
  // Let a job in progress finish (bounded) so it is not left marked running until its lease ends.
  const jobs = (globalThis as { __jobsShutdown?: () => Promise<void> }).__jobsShutdown;
  await jobs?.().catch(() => undefined);
  const shutdown = (globalThis as { __dbShutdown?: () => Promise<void> }).__dbShutdown;
  await shutdown?.().catch(() => undefined);
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
