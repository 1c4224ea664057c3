import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import type { Transaction } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { type RunSql, runSqlOn } from "@/lib/db/sql";

/**
 * Where a transaction started inside `handOverConnection` puts a way to run our statements on its
 * connection, for the code inside the transaction to take.
 */
type Held = { run?: RunSql };
declare global {
  // One for the process: Next.js loads this module once per route bundle, and the one Prisma client
  // (globalThis.__prisma) calls the adapter of the copy that made it.
  var __heldConnections: AsyncLocalStorage<Held> | undefined;
}
const held = (globalThis.__heldConnections ??= new AsyncLocalStorage<Held>());

/**
 * Runs `start`, which starts one Prisma transaction; inside it, `run` sends statements on that
 * transaction's own connection, in turn with Prisma's.
 */
export function handOverConnection<T>(start: (run: RunSql) => Promise<T>): Promise<T> {
  const holder: Held = {};
  return held.run(holder, () =>
    start((label, query) => {
      if (!holder.run) throw new Error("the transaction's connection was not handed over (an adapter without pg?)");
      return holder.run(label, query);
    }),
  );
}

/**
 * Prisma's pg adapter, sending each transaction's statements to its connection one after the
 * other. Prisma 7.10 loads two relations or more of one read at the same time (Promise.all): on
 * the pool each takes a connection of its own, but a transaction has one, and pg 8 queues the
 * second statement behind the first and warns that pg 9 will refuse it. The upstream fix
 * (prisma/orm pull requests 29468 and 29979) does the same inside the adapter; this part goes once
 * it ships (docs/architecture.md). A transaction started under `handOverConnection` also hands its
 * connection over.
 */
export class PrismaPgInTurn extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const tx = await start(isolationLevel);
      const turn = inTurn(tx);
      const holder = held.getStore();
      // The adapter's transaction keeps its pool connection as `client` (not in the interface).
      if (holder && "client" in tx && tx.client instanceof pg.Client) {
        const client = tx.client;
        // Once Prisma ends the transaction (its COMMIT or ROLLBACK queued, a timeout's too), the
        // connection goes back to the pool: a statement sent then would run outside it.
        holder.run = (label, query) =>
          turn.queued(() => (turn.open() ? runSqlOn(client, label, query) : Promise.reject(new TransactionClosed())));
      }
      return tx;
    };
    return adapter;
  }
}

/** A statement sent through a RunSql of a transaction that Prisma has ended (a timeout, a commit). */
export class TransactionClosed extends Error {
  constructor() {
    super("the transaction has ended (committed, rolled back or timed out); the statement was not sent");
  }
}

/**
 * Makes each statement of `tx` start once the one before has ended (failed or not). Returns the
 * queue, and whether Prisma has not yet begun to end the transaction.
 */
function inTurn(tx: Transaction) {
  let ending = false;
  let last: Promise<unknown> = Promise.resolve();
  const queued = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run);
    last = next.catch(() => undefined);
    return next;
  };
  const queryRaw = tx.queryRaw.bind(tx);
  const executeRaw = tx.executeRaw.bind(tx);
  // Savepoints go through executeRaw too, so they take their turn as well.
  tx.queryRaw = (query) => queued(() => queryRaw(query));
  tx.executeRaw = (query) => {
    // Prisma ends a transaction of this adapter with these two statements (a timeout too), then
    // releases its connection: commit() and rollback() come after them.
    if (query.sql === "COMMIT" || query.sql === "ROLLBACK") ending = true;
    return queued(() => executeRaw(query));
  };
  return { queued, open: () => !ending };
}
