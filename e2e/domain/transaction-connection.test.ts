import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { transaction } from "@/lib/db/prisma";
import { toAppError } from "@/lib/gateway/handler";
import { TransactionClosed } from "@/lib/db/prisma-pg-in-turn";
import { sqlBuilder } from "@/lib/db/sql";
import { uid } from "../support/world";
import { db, makeWorld } from "./support/domain-world";

// `transaction` hands its work our statements' way onto the transaction's own connection (the
// bytes of an image or a document go that way, not through Prisma's JSON): docs/architecture.md.

const claimKey = (accountId: number, key: string) =>
  sql<{ id: number }>`
insert into "IdempotencyKey" ("accountId", key, "requestHash", location) values (${accountId}::int, ${key}, '', '')
returning id`.compile(sqlBuilder);

const backend = sql<{ pid: number }>`select pg_backend_pid() as pid`.compile(sqlBuilder);

describe("a statement sent through a transaction's connection", () => {
  it("runs on Prisma's connection of that transaction, and is rolled back with it", async () => {
    const w = await makeWorld();
    const { accountId } = await w.scope("carer");
    const key = `rolled-back-${uid()}`;
    const failure = new Error("the work fails after the insert");
    await expect(
      transaction(async (tx, run) => {
        const [ours] = await run("backend-pid", backend);
        const [prismas] = await tx.$queryRaw<{ pid: number }[]>`select pg_backend_pid() as pid`;
        expect(ours?.pid).toBe(prismas?.pid);
        await run("claim-key", claimKey(accountId, key));
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.idempotencyKey.count({ where: { key } })).toBe(0);
  });

  it("is refused once the transaction has timed out, and writes nothing", async () => {
    const w = await makeWorld();
    const { accountId } = await w.scope("carer");
    const key = `after-timeout-${uid()}`;
    let refused: unknown;
    await expect(
      transaction(
        async (_tx, run) => {
          // Prisma rolls back at 200 ms and gives the connection back to the pool.
          await new Promise((r) => setTimeout(r, 1_000));
          try {
            await run("claim-key", claimKey(accountId, key));
          } catch (e) {
            refused = e;
            throw e;
          }
        },
        { timeout: 200 },
      ),
    ).rejects.toThrow();
    expect(refused).toBeInstanceOf(TransactionClosed);
    expect(await db.idempotencyKey.count({ where: { key } })).toBe(0);
  });

  it("timed out, it answers 503 with Retry-After, not 500: it was rolled back, so a retry is safe", async () => {
    const w = await makeWorld();
    const { accountId } = await w.scope("carer");
    const key = `timed-out-${uid()}`;
    const failure = await transaction(
      async (tx) => {
        await new Promise((r) => setTimeout(r, 1_000));
        // Prisma's own statement after its timeout (P2028), as a slow keyed write meets it.
        await tx.idempotencyKey.create({ data: { accountId, key, requestHash: "", location: "" } });
      },
      { timeout: 200 },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).not.toBeNull();
    const answer = toAppError(failure);
    expect({ code: answer.code, retryAfter: answer.headers?.["retry-after"] }).toEqual({
      code: "unavailable",
      retryAfter: "2",
    });
    expect(await db.idempotencyKey.count({ where: { key } })).toBe(0);
  });
});
