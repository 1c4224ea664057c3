import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db/pool";

const g = globalThis as unknown as { __prisma?: PrismaClient };

export function db(): PrismaClient {
  g.__prisma ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return g.__prisma;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
