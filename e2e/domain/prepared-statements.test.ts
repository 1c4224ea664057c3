import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";

// Next.js loads lib/db/sql.ts once per route bundle (a gateway route, a page that reads the same
// data while it renders), and every copy runs its statements on the one pool kept on globalThis.
// A copy that named its statements in the order it met them gave a caregiver's session read and
// staff's the same name in two copies; on a connection both used, pg refused the second
// ("Prepared statements must be unique"), and staff opening a session got a 500.

describe("prepared statements run by two copies of the SQL runner on the one pool", () => {
  it("answer each copy's own statement, whichever copy named a label first", async () => {
    const first = await import("@/lib/db/sql");
    vi.resetModules();
    const second = await import("@/lib/db/sql");
    expect(second.runSql).not.toBe(first.runSql);
    const query = (n: number) => sql<{ n: number }>`select ${sql.lit(n)}::int as n`.compile(first.sqlBuilder);
    for (let i = 0; i < 5; i++) {
      expect(await first.runSql("same-label", query(1))).toEqual([{ n: 1 }]);
      expect(await second.runSql("same-label", query(2))).toEqual([{ n: 2 }]);
    }
  });
});
