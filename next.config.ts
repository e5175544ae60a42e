import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { REDIRECTS } from "./lib/route-access";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // Native and WASM packages load their own binaries at run time; bundling them breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg"],
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (part of `npm test`) over the whole tree, tests
  // included; `npm start` should not fail to serve because a test file has a type error.
  typescript: { ignoreBuildErrors: true },
  // forbidden() renders app/forbidden.tsx (權限不足 and the redirect) from any guarded page.
  experimental: { authInterrupts: true },
  async redirects() {
    return Object.entries(REDIRECTS).map(([source, destination]) => ({ source, destination, permanent: false }));
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
