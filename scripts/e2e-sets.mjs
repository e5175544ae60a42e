// The end-to-end specs as two sets run at once, each by a Playwright process of its own with its
// own server, database and ports (tests/e2e/support/ports.ts moves every port with E2E_PORT and
// E2E_OIDC_PORT). One set after another took 22 minutes here; much of it is a browser or a server
// waiting (page loads, polling, kill -9 and restart), which the other set fills.
//
// The split keeps each spec with the ones whose state it sees: 01 creates the first admin and
// 02–17 build on that server; 18–26 (referrals, AI service, usage, accessibility, e-mail) change
// settings the chat specs would notice, and get their admin from tests/e2e/support/seed-admin.ts.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const base = Number(process.env.E2E_PORT) || 3300;
const oidc = Number(process.env.E2E_OIDC_PORT) || 3399;

export const E2E_SETS = [
  { name: "e2e 01–17", port: base, oidc, files: ["e2e/(0[0-9]|1[0-7])-", "e2e/postgres/"], env: {} },
  { name: "e2e 18–26", port: base + 200, oidc: oidc + 200, files: ["e2e/(1[89]|2[0-9])-"], env: { E2E_SEED_ADMIN: "1" } },
];

function runSet(set, playwright, cwd, env, extraArgs) {
  return new Promise((resolve) => {
    const child = spawn(playwright, ["test", ...set.files, ...extraArgs], {
      cwd,
      env: { ...env, ...set.env, E2E_PORT: String(set.port), E2E_OIDC_PORT: String(set.oidc) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Each line says which set it comes from, since the two print at once.
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`[${set.name}] ${line}`));
    }
    child.on("close", (code) => resolve(code === 0));
  });
}

/** Runs every set at once; true when all passed. */
export async function runEndToEndSets({ playwright, cwd, env, extraArgs = [] }) {
  const results = await Promise.all(E2E_SETS.map((set) => runSet(set, playwright, cwd, env, extraArgs)));
  return results.every(Boolean);
}
