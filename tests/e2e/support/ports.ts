// Every port the end-to-end tests listen on. E2E_PORT and E2E_OIDC_PORT move them, so several work
// trees on one machine can run their end-to-end tests at once; the extra app instances some specs
// start sit just above E2E_PORT.
function portFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  // Below 65000: the extra instances need room above E2E_PORT.
  return Number.isInteger(value) && value > 0 && value < 65_000 ? value : fallback;
}

export const E2E_PORT = portFromEnv("E2E_PORT", 3300);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const OIDC_PORT = portFromEnv("E2E_OIDC_PORT", 3399);
/** The second instance killed with -9 in 09-durable-processing. */
export const DURABLE_PORT = E2E_PORT + 10;
/** The two instances sharing one PostgreSQL in postgres/two-instances. */
export const TWO_INSTANCE_PORTS = [E2E_PORT + 20, E2E_PORT + 21];
/** The second pair, for the share spec in postgres/two-instances. */
export const TWO_INSTANCE_SHARE_PORTS = [E2E_PORT + 22, E2E_PORT + 23];
/** The third pair, for the AI-service settings spec in postgres/two-instances. */
export const TWO_INSTANCE_AI_PORTS = [E2E_PORT + 24, E2E_PORT + 25];
export const GOOGLE_USER = { email: "google.user@example.com", name: "Google 使用者" };
/** The instance that parses hostile uploads in 17-bounded-ingestion. */
export const BOUNDED_INGEST_PORT = E2E_PORT + 50;
/** The instance without Google sign-in (and without SUPPORT_URL) in 15-without-google. */
export const NO_GOOGLE_PORT = E2E_PORT + 30;
/** The pages of "other sites" that embed a share in 16-browser-headers (served as http://localhost:…). */
export const EMBED_HOST_PORTS = [E2E_PORT + 40, E2E_PORT + 41];
/** The pages of "other sites" that add the chat bubble in api-and-bubble (served as http://localhost:…): the first listed, the second not. */
export const BUBBLE_HOST_PORTS = [E2E_PORT + 42, E2E_PORT + 43];
/** The instance seeded with 40 days of model calls in 21-api-usage. */
export const USAGE_PORT = E2E_PORT + 60;
/** The instance killed with -9 mid-campaign in 24-email-durable (its SMTP server listens on a port of its own choosing). */
export const EMAIL_DURABLE_PORT = E2E_PORT + 70;
/** The two instances sending one campaign in postgres/email-two-instances. */
export const EMAIL_TWO_INSTANCE_PORTS = [E2E_PORT + 71, E2E_PORT + 72];
/** The instances sharing one PostgreSQL and one bucket in postgres/failover (the third joins mid-test). */
export const FAILOVER_PORTS = [E2E_PORT + 80, E2E_PORT + 81, E2E_PORT + 82];
/** The fresh install whose first visitor creates the first admin in 01-first-run. */
export const FIRST_RUN_PORT = E2E_PORT + 90;
/** The instance whose AI service 19-ai-service points at a fake OpenAI server (an app-wide setting). */
export const AI_SERVICE_PORT = E2E_PORT + 91;
/** The instance whose mail server 23-email-campaigns sets and removes (an app-wide setting). */
export const EMAIL_PORT = E2E_PORT + 92;
/** The instance answering through the fake AI service (a reply three screens long) in reply-in-view. */
export const REPLY_IN_VIEW_PORT = E2E_PORT + 93;
/** The instance whose first run is set up through the page in no-dead-ends (an empty database of its own). */
export const WORKSPACE_CHOICE_PORT = E2E_PORT + 94;
/** The instance whose workspace setting no-dead-ends closes and opens (an app-wide setting). */
export const NO_DEAD_ENDS_PORT = E2E_PORT + 95;
/** The instance allowed (OUTBOUND_ALLOWED_HOSTS) to fetch the local site of web-pages, and that site. */
export const WEB_PAGES_PORT = E2E_PORT + 86;
export const WEB_PAGES_SITE_PORT = E2E_PORT + 87;
