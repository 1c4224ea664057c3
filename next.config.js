/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Compression belongs to the reverse proxy; done here it also turns the 201 of client creation
  // (content-length 0 in the contract) into a chunked response.
  compress: false,
  // pg and argon2 are server-only Node packages; keep them out of the bundle.
  serverExternalPackages: ["pg", "@node-rs/argon2", "@prisma/adapter-pg", "pino"],
  // Security headers of every response; the pages' Content-Security-Policy (with a nonce) comes
  // from proxy.ts.
  async headers() {
    const common = [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      { key: "X-Frame-Options", value: "DENY" },
      { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
      { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
    ];
    return [
      { source: "/:path*", headers: common },
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
