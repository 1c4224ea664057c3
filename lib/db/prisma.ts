import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db/pool";
import { PrismaPgInTurn } from "@/lib/db/prisma-pg-in-turn";

declare global {
  // Kept on globalThis so that dev-mode reloads reuse the client.
  var __prisma: PrismaClient | undefined;
}

export function db(): PrismaClient {
  globalThis.__prisma ??= new PrismaClient({ adapter: new PrismaPgInTurn(pool()) });
  return globalThis.__prisma;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
