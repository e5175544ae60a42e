// npm run bench:scale-out [-- --guests 50 --seconds 20]
// bench:shared's visitors against one production instance, then two, both on the same
// PostgreSQL and behind the same small round-robin proxy on loopback (so both rounds pay for the
// proxy alike). Prints messages/s, latency p50/p99, errors and leaks of each round, and their
// ratio. On two cores a second instance cannot double throughput: the figures show what being
// two costs, and that nothing is lost between them. Needs BENCH_DATABASE_URL or
// TEST_DATABASE_URL naming a PostgreSQL server (a fresh database, dropped afterwards).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchPostgres } from "../scripts/scratch-postgres";
import { closedLoop } from "./lib/closed-loop";
import { parseArgs, round } from "./lib/eval-set";
import { freePort, serveApp, type ServedApp } from "./lib/serve-app";
import { startRoundRobinProxy } from "./lib/round-robin-proxy";
import { ask, checkConversations, makeGuests } from "./lib/share-guests";
import { QUESTIONS, shareBenchEnv, shareWithDocument } from "./lib/share-owner";

const args = parseArgs(process.argv.slice(2));
const guestCount = Number(args.get("guests") || 50);
const seconds = Number(args.get("seconds") || 20);
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("bench:scale-out: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server");
  process.exit(2);
}
if (!(Number.isInteger(guestCount) && guestCount >= 2 && guestCount <= 1000 && seconds > 0 && seconds <= 600)) {
  console.error("usage: npm run bench:scale-out -- [--guests 2..1000] [--seconds 1..600]");
  process.exit(2);
}

const scratch = await createScratchPostgres(serverUrl, "bench_scale_out");
// serveApp takes the database from BENCH_DATABASE_URL: this round's fresh one.
process.env.BENCH_DATABASE_URL = scratch.url;
const dirs: string[] = [];
const servers: ServedApp[] = [];
const proxy = await startRoundRobinProxy([]);

async function instance(): Promise<ServedApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "docchat-bench-scale-"));
  dirs.push(dataDir);
  const server = await serveApp({
    port: await freePort(),
    appUrl: proxy.url,
    env: shareBenchEnv(dataDir),
  });
  servers.push(server);
  return server;
}

async function runRound(label: string, target: { baseUrl: string; shareId: string }) {
  const guests = makeGuests(guestCount, label);
  const joined = await Promise.all(guests.map((g) => ask(g, target, QUESTIONS).then((r) => r.status, () => 0)));
  const notJoined = joined.filter((s) => s < 200 || s >= 300).length;
  const load = await closedLoop({ workers: guestCount, seconds, request: async (w) => (await ask(guests[w], target, QUESTIONS)).status });
  const leakCheck = await checkConversations(target, guests);
  for (const g of guests) g.agent.destroy();
  const errors = notJoined + Object.values(load.statuses).reduce((a, b) => a + b, 0) + load.failures + leakCheck.lostAnswers + leakCheck.readErrors;
  return {
    messagesPerSecond: round(load.ok / load.seconds, 1),
    latencyMs: load.latencyMs,
    errors,
    leaks: leakCheck.leaks,
    conversationsChecked: leakCheck.reads,
    firstFailure: load.firstFailure,
  };
}

let exitCode = 1;
try {
  const first = await instance();
  proxy.setUpstreams([first.baseUrl]);
  const { target: direct, processedSeconds } = await shareWithDocument(proxy.url);
  const target = { baseUrl: proxy.url, shareId: direct.shareId };
  // The owner's index loads on the first question, on each instance.
  await runRound("warm", { ...target });

  const one = await runRound("one", target);
  const second = await instance();
  proxy.setUpstreams([first.baseUrl, second.baseUrl]);
  await Promise.all([0, 1].map(() => ask(makeGuests(1, "warm2")[0], target, QUESTIONS)));
  const two = await runRound("two", target);

  console.log(
    JSON.stringify(
      {
        bench: "scale-out",
        database: "postgres",
        guests: guestCount,
        seconds,
        documentProcessedSeconds: round(processedSeconds, 2),
        oneInstance: one,
        twoInstances: two,
        ratioTwoToOne: round(two.messagesPerSecond / one.messagesPerSecond, 2),
        note: "both rounds through the same round-robin proxy on loopback, on the same machine's cores",
      },
      null,
      2,
    ),
  );
  exitCode = one.errors + one.leaks + two.errors + two.leaks === 0 ? 0 : 1;
} finally {
  for (const server of servers) await server.stop();
  await proxy.close();
  await scratch.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
