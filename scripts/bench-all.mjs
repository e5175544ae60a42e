// npm run bench: every benchmark, each printing its JSON figures. They compare against a
// baseline measured in the same run (these machines are noisy), and assert nothing.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const evalRoot = path.resolve(root, "../shared/eval");
const runs = [
  ["bench:retrieval", "--set", path.join(evalRoot, "drcd_dev")],
  ["bench:retrieval", "--set", path.join(evalRoot, "squad_v1.1_dev")],
  ["bench:answers", "--set", path.join(evalRoot, "drcd_dev")],
  ["bench:answers", "--set", path.join(evalRoot, "squad_v1.1_dev")],
  ["bench:scale"],
  ["bench:scope"],
  ["bench:service-scale"],
  ["bench:ingestion"],
  ["bench:sheets"],
  ["bench:shared"],
  ["bench:export"],
  ["bench:usage"],
  ["bench:insights"],
  ["bench:email"],
  ["bench:tenants"],
  ["bench:pages"],
  ["bench:library"],
  ["bench:ocr"],
  // Two instances need a PostgreSQL server to share.
  ...(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? [["bench:scale-out"]] : []),
];
let failed = 0;
for (const [script, ...args] of runs) {
  console.log(`\n=== npm run ${script} ${args.join(" ")} ===`);
  const { status } = spawnSync("npm", ["run", "--silent", script, "--", ...args], { stdio: "inherit", cwd: root });
  if (status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
