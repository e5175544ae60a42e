import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { REDIRECTS } from "./lib/route-access";
import { API_CONTENT_SECURITY_POLICY } from "./lib/security-headers";

// The catalogs' messages are compiled at build time: the browser gets next-intl's small formatter
// instead of the ICU parser (10 KB), and no message is parsed on the page. The catalogs hold only
// strings (tests/unit/messages.test.ts); code on the server reads them through a translator.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  // Native and WASM packages load their own binaries at run time; bundling them breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "nodemailer"],
  poweredByHeader: false,
  // Types are checked by `npm run typecheck` (part of `npm test`) over the whole tree, tests
  // included; `npm start` should not fail to serve because a test file has a type error.
  typescript: { ignoreBuildErrors: true },
  // A build's cache on disk makes the next build on this machine faster; a CI run builds once on a
  // clean checkout and throws it away, and writing it took 10 s there.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  async redirects() {
    return Object.entries(REDIRECTS).map(([source, destination]) => ({ source, destination, permanent: false }));
  },
  // Fixed headers only: these are read at build time. The ones that vary per response (the
  // pages' nonce-based CSP, frame-ancestors, and what APP_URL's scheme turns on) are set by proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      {
        // JSON and files, never pages (the proxy does not run here): nothing in a response may
        // run or load anything, and none may be framed. The HTML chat export is a download that
        // carries its own policy in a <meta> for when it is opened from disk.
        source: "/api/:path*",
        headers: [
          { key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
