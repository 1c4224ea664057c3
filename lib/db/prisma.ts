import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db/pool";

declare global {
  // Kept on globalThis so that dev-mode reloads reuse the client.
  var __prisma: PrismaClient | undefined;
}

export function db(): PrismaClient {
  globalThis.__prisma ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return globalThis.__prisma;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
