import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Vitest rather than Jest: the server code and its tests import ESM-only packages (next-intl's
// core, and later the AI SDK and unpdf) and PGlite, whose WASM loader relies on import.meta.url;
// Vitest runs them natively without a transform list.
const root = import.meta.dirname;
const alias = {
  "@": root,
  "next-auth-core": path.join(root, "node_modules/next-auth/core/index.js"),
  // The marker module throws outside React Server Components; tests import server code directly.
  "server-only": path.join(root, "tests/support/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          // One component's behaviour (focus, keys, what a menu offers, states) in a DOM, without
          // a server or a browser: Testing Library over jsdom.
          name: "component",
          include: ["tests/component/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["tests/component/support/setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/integration-setup.ts"],
          globalSetup: ["tests/support/pglite-snapshot.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: {
            NODE_ENV: "test",
            LOG_LEVEL: "silent",
            AUTH_SECRET: "test-secret-for-integration-tests-only",
            // Stored uploads of the tests go to a scratch folder, never the project's ./data.
            DATA_DIR: path.join(os.tmpdir(), "docchat-vitest-data"),
            // The product's default share-link limits whatever the shell sets: the tests prove those bite.
            SHARE_LIMIT_PER_IP_PER_MINUTE: "",
            SHARE_LIMIT_PER_VISITOR_PER_MINUTE: "",
            SHARE_LIMIT_PER_LINK_PER_MINUTE: "",
          },
        },
      },
    ],
  },
});
