import { E2E_BASE_URL } from "./ports";
import { ADMIN } from "./helpers";

// Playwright's global setup (after the web server is up). 01-first-run creates the first admin
// through the page; a run of a subset without it (E2E_SEED_ADMIN=1) gets the same admin here.
export default async function seedAdmin() {
  if (process.env.E2E_SEED_ADMIN !== "1") return;
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
