import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import type { Transaction } from "@prisma/driver-adapter-utils";

/**
 * Prisma's pg adapter, sending each transaction's statements to its connection one after the
 * other. Prisma 7.10 loads two relations or more of one read at the same time (Promise.all): on
 * the pool each takes a connection of its own, but a transaction has one, and pg 8 queues the
 * second statement behind the first and warns that pg 9 will refuse it. The upstream fix
 * (prisma/orm pull requests 29468 and 29979) does the same inside the adapter; this class goes once
 * it ships (docs/architecture.md).
 */
export class PrismaPgInTurn extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => inTurn(await start(isolationLevel));
    return adapter;
  }
}

/** The transaction, each statement starting once the one before has ended (failed or not). */
function inTurn(tx: Transaction): Transaction {
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
  tx.executeRaw = (query) => queued(() => executeRaw(query));
  return tx;
}
