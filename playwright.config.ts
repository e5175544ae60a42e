import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT, OIDC_PORT } from "./tests/e2e/support/ports";

// End-to-end tests drive Debian's Chromium (no browser download) against the production build,
// served with a fresh embedded database and a local OpenID provider standing in for Google.
// Spec files run side by side (E2E_WORKERS, default 2) on that one server, each with accounts of
// its own (support/accounts.ts) made through the first admin the global setup creates; a spec that
// needs a fresh install or changes an app-wide setting starts an instance of its own
// (ownInstance in support/app-instance.ts). So any spec runs alone, and in any order.
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/support/seed-admin.ts",
  // Per port: two runs on other ports (two checkouts) must not clear each other's output.
  outputDir: `test-results/${E2E_PORT}`,
  // The multi-instance specs need a PostgreSQL server (TEST_DATABASE_URL, started by .ci/run).
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ["**/postgres/**"],
  // The tests of one file run in order, in one worker: they may build on each other.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "off",
    // What the page looked like when a test failed: cheap, and often the whole story of a flake.
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: "node tests/e2e/support/serve.mjs",
    url: `${E2E_BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(E2E_PORT), E2E_OIDC_PORT: String(OIDC_PORT) },
  },
});
