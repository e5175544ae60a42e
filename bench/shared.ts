// npm run bench:shared [-- --guests 50 --seconds 20 --port N]
// Visitors on one share link against the real production server (built first only when `npm
// start` would build), on a fresh embedded database, with the offline model: an owner registers,
// uploads a fixture PDF and shares the assistant with its documents. Then `guests` visitors, each
// its own browser (one keep-alive connection, its own cookies) and session id, all arrive at once
// and ask a first question; once all are in, they post JSON messages back to back for `seconds`.
// Prints one JSON object: messages/s, latency p50/p99, errors, the server's peak memory, and a
// leak check of every conversation afterwards, each beside its target, plus as a reference the
// same connections on the health check. Exits non-zero on errors or leaks only: speed on these
// shared machines is a figure, not a verdict.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { closedLoop, oneConnection, send } from "./lib/closed-loop";
import { parseArgs, round } from "./lib/eval-set";
import { sampleGroupMemory } from "./lib/group-memory";
import { freePort, serveApp } from "./lib/serve-app";
import { ask, checkConversations, makeGuests, type Guest } from "./lib/share-guests";
import { FIXTURE, QUESTIONS, shareBenchEnv, shareWithDocument } from "./lib/share-owner";

const REFERENCE_SECONDS = 5;
const TARGETS = { messagesPerSecond: 100, p99Ms: 500, peakRssBytes: 1024 ** 3 };

const args = parseArgs(process.argv.slice(2));
const guestCount = Number(args.get("guests") || 50);
const seconds = Number(args.get("seconds") || 20);
if (!(Number.isInteger(guestCount) && guestCount >= 2 && guestCount <= 1000 && seconds > 0 && seconds <= 600)) {
  console.error("usage: npm run bench:shared -- [--guests 2..1000] [--seconds 1..600] [--port N]");
  process.exit(2);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-shared-"));
const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
// Also when interrupted: serveApp then stops the server and exits without reaching the finally.
process.once("exit", removeDataDir);
let exitCode = 1;
try {
  const server = await serveApp({
    port: Number(args.get("port")) || (await freePort()),
    env: shareBenchEnv(dataDir),
  });
  try {
    exitCode = await run(server.baseUrl, server.pgid);
  } finally {
    await server.stop();
  }
} finally {
  removeDataDir();
}
process.exit(exitCode);

async function run(baseUrl: string, pgid: number): Promise<number> {
  const memory = sampleGroupMemory(pgid);
  const { target, processedSeconds } = await shareWithDocument(baseUrl);

  // Warm-up by a guest of its own (the owner's index loads on the first question, as after a
  // restart); it also shows the replies quote the document rather than finding nothing.
  const [warmGuest] = makeGuests(1, "warm");
  const warm = await ask(warmGuest, target, QUESTIONS);
  const warmSources = warm.status === 200 ? ((JSON.parse(warm.body) as { aiMessage?: { sources?: unknown[] } }).aiMessage?.sources ?? []) : [];
  if (warmSources.length === 0) throw new Error(`warm-up reply ${warm.status} without sources: ${warm.body.slice(0, 300)}`);

  // Reference in the same run (these machines are noisy): as many connections on GET
  // /api/health, one trivial query per request: what this server and machine give at all.
  const healthAgents = Array.from({ length: guestCount }, oneConnection);
  const reference = await closedLoop({
    workers: guestCount,
    seconds: REFERENCE_SECONDS,
    request: async (w) => (await send(healthAgents[w], `${baseUrl}/api/health`, { timeoutMs: 30_000 })).status,
  });
  for (const agent of healthAgents) agent.destroy();

  // Arrival: everyone opens the page and asks at once. Only then the timed load, so it measures
  // messages rather than a saturated server's slow accepting of new connections.
  const guests = makeGuests(guestCount, "guest");
  const joinStarted = performance.now();
  const joined = await Promise.all(guests.map((g) => ask(g, target, QUESTIONS).then((r) => r.status, () => 0)));
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  const notJoined = joined.filter((status) => status < 200 || status >= 300).length;

  const load = await closedLoop({ workers: guestCount, seconds, request: async (w) => (await ask(guests[w], target, QUESTIONS)).status });

  const everyone: Guest[] = [...guests, warmGuest];
  const leakCheck = await checkConversations(target, everyone);
  for (const guest of everyone) guest.agent.destroy();
  const { startBytes, peakBytes, samples } = memory.stop();

  const messagesPerSecond = load.ok / load.seconds;
  const non2xx = Object.values(load.statuses).reduce((a, b) => a + b, 0);
  const errors = notJoined + non2xx + load.failures + leakCheck.lostAnswers + leakCheck.readErrors;
  const leaks = leakCheck.leaks;
  const report = {
    bench: "shared",
    model: "offline",
    document: path.basename(FIXTURE),
    documentProcessedSeconds: round(processedSeconds, 2),
    guests: guestCount,
    arrival: { secondsUntilAllAnswered: round(joinSeconds, 2), notAnswered: notJoined },
    seconds: load.seconds,
    messagesSent: load.requests,
    messagesAnswered: load.ok,
    messagesPerSecond: { value: round(messagesPerSecond, 1), target: `>= ${TARGETS.messagesPerSecond}`, met: messagesPerSecond >= TARGETS.messagesPerSecond },
    latencyMs: { ...load.latencyMs, target: `p99 <= ${TARGETS.p99Ms}`, met: load.latencyMs.p99 <= TARGETS.p99Ms },
    errors: {
      value: errors,
      target: "0",
      met: errors === 0,
      arrivalNotAnswered: notJoined,
      non2xxByStatus: load.statuses,
      failedRequests: load.failures,
      firstFailure: load.firstFailure,
      lostAnswers: leakCheck.lostAnswers,
      unreadableConversations: leakCheck.readErrors,
    },
    peakServerRssMb: {
      value: round(peakBytes / 1024 ** 2, 1),
      target: `<= ${TARGETS.peakRssBytes / 1024 ** 2}`,
      met: peakBytes <= TARGETS.peakRssBytes,
      whenReady: round(startBytes / 1024 ** 2, 1),
      samples,
    },
    leaks: { value: leaks, target: "0", met: leaks === 0, conversationsRead: leakCheck.reads, messagesChecked: leakCheck.messagesChecked },
    reference: {
      what: `GET /api/health on ${guestCount} connections for ${REFERENCE_SECONDS} s`,
      requestsPerSecond: round(reference.ok / reference.seconds, 1),
      latencyMs: reference.latencyMs,
      failed: reference.failures + Object.values(reference.statuses).reduce((a, b) => a + b, 0),
    },
    problems: leakCheck.examples,
  };
  console.log(JSON.stringify(report, null, 2));
  return errors === 0 && leaks === 0 ? 0 : 1;
}
