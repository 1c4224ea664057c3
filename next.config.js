import createNextIntlPlugin from "next-intl/plugin";
import { SECURITY_HEADERS } from "./scripts/lib/security-headers.mjs";

// The words in messages/*.json are compiled from ICU's syntax when the build imports them, so the
// pages carry neither ICU's parser nor the parsing of every message on a phone's main thread
// (docs/pages-performance.md). A page that reads a message's text itself gets it unchanged when it
// has no argument; `t.raw` cannot be used.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Fewer, larger chunks per page: a phone's browser starts every script a page preloads in the new
  // document's first task, before any of them runs. Merged, the session dashboard starts 9 scripts
  // instead of 19 and the phone's main thread is blocked 70 to 130 ms less per load, for 13 to 15 KB
  // more on the wire per page and 8 to 19 KB more per navigation (docs/pages-performance.md, "Fewer,
  // larger chunks"). Lazy parts (the chart, the toasts, the add-homework form) stay apart.
  experimental: {
    turbopackChunking: { maxChunkCountPerGroup: 2, minChunkSize: 500_000, maxMergeChunkSize: 1_000_000 },
  },
  // Answers are not compressed here: it would also turn the 201 of client creation (content-length 0
  // in the contract) into a chunked response. The reverse proxy may compress them; the production
  // server compresses the build's JavaScript and CSS itself (scripts/lib/compressed-static.mjs).
  compress: false,
  // pg and argon2 are server-only Node packages; keep them out of the bundle.
  serverExternalPackages: ["pg", "@node-rs/argon2", "@prisma/adapter-pg", "pino"],
  // Security headers of every response; the pages' Content-Security-Policy (with a nonce) comes
  // from proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // HSTS only where the request came over TLS (the reverse proxy says so).
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }],
      },
      {
        source: "/gateway/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
