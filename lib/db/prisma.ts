import "server-only";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pool } from "@/lib/db/pool";
import { PrismaPgInTurn, handOverConnection } from "@/lib/db/prisma-pg-in-turn";
import type { RunSql } from "@/lib/db/sql";

declare global {
  // Kept on globalThis so that dev-mode reloads reuse the client.
  var __prisma: PrismaClient | undefined;
}

export function db(): PrismaClient {
  globalThis.__prisma ??= new PrismaClient({ adapter: new PrismaPgInTurn(pool()) });
  return globalThis.__prisma;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * `db().$transaction(work)`, `work` given besides Prisma's `tx` a RunSql on the transaction's own
 * connection. Our statements sent there take their parameters as pg does; Prisma's raw queries copy
 * a Buffer to base64 and through JSON and back (about a third of the server's CPU for a client
 * created with a 200 KB image and a first session: docs/performance.md).
 */
export function transaction<T>(work: (tx: Tx, run: RunSql) => Promise<T>, options?: { timeout?: number }): Promise<T> {
  return handOverConnection((run) => db().$transaction((tx) => work(tx, run), options));
}
