// What the API-usage spec seeds, as plain data: the seed script writes it to the database before
// the instance starts, and the spec computes the figures it expects from the same list. Days are
// counted back from the product's (Taipei) today; every call is at noon there.

export const USAGE_ADMIN = { email: "usage.admin@example.com", password: "usage-admin-pass-1", name: "用量管理員" };
export const USAGE_MANAGER = { email: "usage.manager@example.com", password: "usage-manager-pass-1", name: "用量經理" };
export const USAGE_PEOPLE = [
  { key: "alice", email: "alice.usage@example.com", name: "Alice 用量" },
  { key: "bob", email: "bob.usage@example.com", name: "Bob 用量" },
] as const;
export const USAGE_SHARE = { shareId: "usage-e2e-share", name: "客服小幫手" };
export const SECRET_FEEDBACK = "儀表板測試回饋：這段文字只有管理員能看";
export const FAILED_DOCUMENT = "failed-report.pdf";

export interface SeedCall {
  daysAgo: number;
  provider: string;
  model: string;
  route: string;
  user: "alice" | "bob" | null;
  share: boolean;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
  outcome: "ok" | "error";
}

/** Over 40 days: Alice's chat on gpt-4o-mini (1 to 5 calls a day), a guest on the share answered offline each day, Bob's image analyses on gpt-4o every third day, an error every seventh. */
export function usageSeedCalls(): SeedCall[] {
  const calls: SeedCall[] = [];
  for (let d = 0; d < 40; d++) {
    for (let i = 0; i < (d % 5) + 1; i++) {
      calls.push({ daysAgo: d, provider: "openai-compatible", model: "gpt-4o-mini", route: "/api/messages", user: "alice", share: false, inputTokens: 1_000, outputTokens: 200, latencyMs: 400 + d * 10 + i, outcome: "ok" });
    }
    calls.push({ daysAgo: d, provider: "offline", model: "docchat-offline-1", route: "/api/shared-assistants/messages", user: null, share: true, inputTokens: 300, outputTokens: 150, latencyMs: 25, outcome: "ok" });
    if (d % 3 === 0) {
      calls.push({ daysAgo: d, provider: "openai-compatible", model: "gpt-4o", route: "/api/analyze-image", user: "bob", share: false, inputTokens: 2_000, outputTokens: 500, latencyMs: 1_500, outcome: "ok" });
    }
    if (d % 7 === 0) {
      calls.push({ daysAgo: d, provider: "openai-compatible", model: "gpt-4o-mini", route: "/api/messages", user: "alice", share: false, inputTokens: 800, outputTokens: 0, latencyMs: 60_000, outcome: "error" });
    }
  }
  return calls;
}

/** The calls of the last `days` days (today included). */
export function callsWithin(days: number): SeedCall[] {
  return usageSeedCalls().filter((c) => c.daysAgo < days);
}
