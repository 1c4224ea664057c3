import "server-only";
import { db, type Tx } from "@/lib/db/prisma";

// Every lifecycle write (autosave, submit, assignment feedback, session feedback, close) locks its
// session row first and only then reads and changes the session's assignments, in one transaction.
// One lock, always taken first: writes on one session run one after the other, each seeing what
// the previous one committed (READ COMMITTED gives each later statement a fresh snapshot), and two
// of them cannot deadlock. FOR NO KEY UPDATE, because inserting a feedback or assignment row only
// needs KEY SHARE on the session for its foreign key and should not queue behind the lock.

/** Appended to the locking SELECT, whose session is aliased `s`. */
export const LOCK_SESSION = "for no key update of s";

/**
 * The time of a change, read from the database clock after the lock is held, so that no change
 * can carry a time after the `closedAt` of a close that came later.
 */
export const NOW_SQL = `(clock_timestamp() at time zone 'UTC')::timestamp(3)`;

/** SQL of a timestamp column as epoch milliseconds (what formatDate takes). */
export const msSql = (col: string) => `(extract(epoch from ${col}) * 1000)::float8`;

/**
 * Runs a lifecycle write. Under a burst the transaction waits for a connection as long as the
 * pool lets it (the pool's own timeout answers 503), rather than Prisma's shorter default.
 */
export const lifecycleWrite = <T>(fn: (tx: Tx) => Promise<T>) => db().$transaction(fn, { maxWait: 10_000, timeout: 10_000 });
