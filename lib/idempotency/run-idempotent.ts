import "server-only";
import { createHash } from "node:crypto";
import { uniqueViolation } from "@/lib/db/errors";
import { db, transaction, type Tx } from "@/lib/db/prisma";
import type { RunSql } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import type { OperationId } from "@/lib/operations";

export type Idempotent<T> = { value: T; location: string; replayed: boolean };

/** The id a stored location ends with (`/client/12`, `/gateway/profile/clinic/book/7`): what a replay names. */
const idOfLocation = (location: string): number => Number(location.split("/").pop());

/** The `replay` of a creation whose answer is the id its location names. */
export const replayId = (location: string): Promise<number> => Promise.resolve(idOfLocation(location));

type Work<T> = {
  /**
   * Creates everything inside the transaction (Prisma's `tx`, and `run` for our statements on its
   * connection); its `location` is what a retry is answered with.
   */
  create: (tx: Tx, run: RunSql) => Promise<{ location: string; value: T }>;
  /** The result of the first request, read again from its stored `location`. */
  replay: (location: string) => Promise<T>;
};

/**
 * Runs a creation in one transaction under the caller's optional Idempotency-Key (decisions.md
 * "Create a client"): a retry with the same key and body answers the first result without
 * creating anything; the same key with another body, or for another operation: 409. Other unique
 * violations are the caller's to name, so they are rethrown as they come.
 */
export async function runIdempotent<T>(
  accountId: number,
  key: string | null,
  request: { operation: OperationId; body: unknown },
  work: Work<T>,
): Promise<Idempotent<T>> {
  // The operation is hashed with the body: a message and session feedback have the same body, and
  // one's stored location is no answer to the other (a key is per account, not per operation).
  const requestHash = key
    ? createHash("sha256")
        .update(JSON.stringify([request.operation, request.body]))
        .digest("base64url")
    : "";
  if (key) {
    const replay = await replayed(accountId, key, requestHash, work);
    if (replay) return replay;
  }
  try {
    return await transaction(async (tx, run) => {
      // Claimed first: a concurrent twin with the same key blocks here, then fails as a duplicate.
      if (key)
        await tx.idempotencyKey.create({ data: { accountId, key, requestHash, location: "" }, select: { id: true } });
      const { location, value } = await work.create(tx, run);
      if (key) await tx.idempotencyKey.update({ where: { accountId_key: { accountId, key } }, data: { location } });
      return { value, location, replayed: false };
    });
  } catch (e) {
    if (key && uniqueViolation(e)?.constraint.startsWith("IdempotencyKey")) {
      const replay = await replayed(accountId, key, requestHash, work);
      if (replay) return replay;
    }
    throw e;
  }
}

async function replayed<T>(
  accountId: number,
  key: string,
  requestHash: string,
  work: Work<T>,
): Promise<Idempotent<T> | null> {
  const prior = await db().idempotencyKey.findUnique({
    where: { accountId_key: { accountId, key } },
    select: { requestHash: true, location: true },
  });
  if (!prior || !prior.location) return null;
  if (prior.requestHash !== requestHash) {
    throw new AppError("conflict", "this Idempotency-Key was already used with a different request", [
      { path: "header.Idempotency-Key", message: "reused with another body or operation" },
    ]);
  }
  return { value: await work.replay(prior.location), location: prior.location, replayed: true };
}
