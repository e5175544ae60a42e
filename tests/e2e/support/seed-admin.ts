import { E2E_BASE_URL } from "./ports";
import { ADMIN } from "./helpers";
import { makeDataTemplate } from "./data-template";

// Playwright's global setup (after the web server is up): the suite's first admin, who makes the
// accounts each spec works with (support/accounts.ts). The first-run journey itself runs on an
// instance of its own (01-first-run). Also the migrated database that fresh instances start from.
export default async function seedAdmin() {
  makeDataTemplate();
  const res = await fetch(`${E2E_BASE_URL}/api/trial-setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: E2E_BASE_URL },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, displayName: ADMIN.name }),
  });
  // 409: the admin is already there (a server reused by hand).
  if (res.status !== 201 && res.status !== 200 && res.status !== 409) {
    throw new Error(`Creating the first admin answered ${res.status}: ${await res.text()}`);
  }
}
