import { defineConfig } from "@playwright/test";
import { E2E_BASE_URL, E2E_PORT, OIDC_PORT } from "./tests/e2e/support/ports";

// End-to-end tests drive Debian's Chromium (no browser download) against the production build,
// served with a fresh embedded database and a local OpenID provider standing in for Google.
// The specs share one server and run in file order: 01 creates the first admin (a subset without
// it gets its admin from the global setup with E2E_SEED_ADMIN=1).
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/support/seed-admin.ts",
  // Per port: two runs on other ports (two checkouts) must not clear each other's output.
  outputDir: `test-results/${E2E_PORT}`,
  // The multi-instance specs need a PostgreSQL server (TEST_DATABASE_URL, started by .ci/run).
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ["**/postgres/**"],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "off",
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
