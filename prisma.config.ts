import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI wants a native schema engine it cannot download offline; ours forwards to the
// WebAssembly build of the same engine (scripts/schema-engine.mjs).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve(import.meta.dirname, "scripts/schema-engine.mjs");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx --conditions=react-server prisma/seed.ts" },
  datasource: {
    // `prisma generate` needs no database; every other command reads DATABASE_URL.
    url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unset",
    shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL,
  },
});
