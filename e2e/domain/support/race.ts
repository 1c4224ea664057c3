// Race tests stop a transaction at a chosen point: a connection of the test holds a lock that the
// transaction needs next, the test makes its move while it waits, then lets go.
import { randomUUID } from "node:crypto";
import pg from "pg";

/**
 * Names the connections the lib's pool makes in this process (call it before the lib first touches
 * the database), so that the test finds its own waiting connection among other test files'.
 * `start` and `stop` open and close the test's own connection (beforeAll, afterAll).
 */
export function raceOnOwnConnections() {
  const app = `race-${randomUUID().slice(0, 8)}`;
  const url = new URL(process.env.DATABASE_URL ?? "");
  url.searchParams.set("application_name", app);
  process.env.DATABASE_URL = url.toString();
  const testUrl = new URL(url);
  testUrl.searchParams.set("application_name", `${app}-test`);
  const watcher = new pg.Client({ connectionString: testUrl.toString() });

  return {
    start: () => watcher.connect(),
    stop: () => watcher.end(),

    /** A connection of the test holding `lock` in an open transaction until `release`. */
    async holding(lock: string) {
      const c = new pg.Client({ connectionString: testUrl.toString() });
      await c.connect();
      await c.query("begin");
      await c.query(lock);
      const [row] = (await c.query<{ pid: number }>("select pg_backend_pid() as pid")).rows;
      if (!row) throw new Error("no backend pid");
      return {
        pid: row.pid,
        release: async () => {
          await c.query("commit");
          await c.end();
        },
      };
    },

    /** Whether a backend of this process's pool waits for a lock now. */
    async waiting(): Promise<boolean> {
      const { rows } = await watcher.query(
        "select 1 from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
        [app],
      );
      return rows.length > 0;
    },

    /** Resolves once `n` backends of this process's pool wait for a lock. */
    async untilWaiting(n: number): Promise<void> {
      for (let i = 0; i < 500; i++) {
        const { rows } = await watcher.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'",
          [app],
        );
        if ((rows[0]?.n ?? 0) >= n) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`fewer than ${n} backends of this process waited for a lock`);
    },

    /** The backend of this process's pool that waits for `pid`'s locks, once one does. */
    async waiterOf(pid: number): Promise<number> {
      for (let i = 0; i < 500; i++) {
        const { rows } = await watcher.query<{ pid: number }>(
          "select pid from pg_stat_activity where application_name = $1 and $2::int = any(pg_blocking_pids(pid))",
          [app, pid],
        );
        if (rows[0]) return rows[0].pid;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`nothing of this process waited for backend ${pid}`);
    },
  };
}
