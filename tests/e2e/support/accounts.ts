import { expect, request, type APIRequestContext, type Page } from "@playwright/test";
import type { Role } from "@/lib/constants";
import { ADMIN, uniqueEmail } from "./helpers";
import { E2E_BASE_URL } from "./ports";

// Accounts of a spec's own. Specs run side by side on one server, so each makes the people it
// needs through the suite's first admin (seeded by the global setup) and never works as that admin
// itself: what one spec uploads, asks, shares or changes on its owner is never seen by another.

export interface Account {
  email: string;
  password: string;
  name: string;
  role: Role;
}

/** An API client of its own, signed in as `account` (the first admin when none is named). */
export async function apiAs(account: Pick<Account, "email" | "password"> = ADMIN, baseURL = E2E_BASE_URL): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post("/api/login", { data: { email: account.email, password: account.password } });
  expect(res.status(), `signing in ${account.email}`).toBe(200);
  return api;
}

/**
 * A new account made by the first admin: by default an admin, so it has a workspace (documents,
 * chat, shares) nobody else's test touches.
 */
export async function newAccount(options: { prefix?: string; name?: string; role?: Role; plan?: "free" | "supporter"; baseURL?: string } = {}): Promise<Account> {
  const role = options.role ?? "admin";
  const account: Account = { email: uniqueEmail(options.prefix ?? role), password: `${role}-pass-${Math.random().toString(36).slice(2, 10)}`, name: options.name ?? "測試帳號", role };
  const admin = await apiAs(ADMIN, options.baseURL);
  try {
    const res = await admin.post("/api/register", { data: { email: account.email, password: account.password, displayName: account.name, role, plan: options.plan } });
    expect(res.status(), `creating ${account.email}: ${await res.text()}`).toBe(201);
  } finally {
    await admin.dispose();
  }
  return account;
}

/** Signs the page's browser in as `account` through the API (the sign-in screen has tests of its own). */
export async function signInAs(page: Page, account: Pick<Account, "email" | "password">) {
  const origin = new URL(page.url().startsWith("http") ? page.url() : E2E_BASE_URL).origin;
  const res = await page.request.post(`${origin}/api/login`, { data: { email: account.email, password: account.password }, headers: { origin } });
  expect(res.status(), `signing in ${account.email}`).toBe(200);
}
