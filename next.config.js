import { SECURITY_HEADERS } from "./scripts/lib/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
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

export default nextConfig;
