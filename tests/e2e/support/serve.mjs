// Starts what the end-to-end tests talk to: a real OpenID provider on loopback (standing in for
// Google) and the app itself, built if needed, on a fresh embedded database.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OAuth2Server, Events } from "oauth2-mock-server";
import { E2E_PORT as APP_PORT, OIDC_PORT } from "./ports.ts";

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate("RS256");
oidc.service.on(Events.BeforeTokenSigning, (token) => {
  token.payload.sub = "google-e2e-subject";
  token.payload.email = "google.user@example.com";
  token.payload.email_verified = true;
  token.payload.name = "Google 使用者";
});
await oidc.start(OIDC_PORT, "127.0.0.1");

Object.assign(process.env, {
  PORT: String(APP_PORT),
  HOST: "127.0.0.1",
  APP_URL: `http://127.0.0.1:${APP_PORT}`,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "docchat-e2e-")),
  GOOGLE_CLIENT_ID: "e2e-client",
  GOOGLE_CLIENT_SECRET: "e2e-secret",
  GOOGLE_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
  SUPPORT_URL: "https://example.org/donate",
  LOG_LEVEL: "warn",
  // Every browser of the suite comes from 127.0.0.1: the share specs together send more than the
  // product's 20 a minute per address. The limits themselves are proven by the integration tests.
  SHARE_LIMIT_PER_IP_PER_MINUTE: "200",
  SHARE_LIMIT_PER_VISITOR_PER_MINUTE: "50",
  // The suite's one admin asks far more than 30 questions a minute across its specs.
  MESSAGE_LIMIT_PER_USER_PER_MINUTE: "500",
});
delete process.env.DATABASE_URL;

await import("../../../scripts/start.mjs");
