// Overridable so a second checkout can run its e2e beside this one.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3399);
export const GOOGLE_USER = { email: "google.user@example.com", name: "Google 使用者" };
