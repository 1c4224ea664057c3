/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Compression belongs to the reverse proxy; done here it also turns the 201 of client creation
  // (content-length 0 in the contract) into a chunked response.
  compress: false,
  // pg and argon2 are server-only Node packages; keep them out of the bundle.
  serverExternalPackages: ["pg", "@node-rs/argon2", "@prisma/adapter-pg"],
};

export default nextConfig;
