import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { CONNECTION_OPTIONS } from "@/lib/db/pool";

// Timestamp columns hold UTC without a zone, and many rows get theirs from a column default
// (CURRENT_TIMESTAMP: the audit log, care teams) converted in the connection's time zone. The
// product's connections must therefore be in UTC whatever the database server's own default is.
const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
const name = `tz_${String(process.pid)}_${String(Date.now())}`;

afterAll(async () => {
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
});

describe("the product's database connections", () => {
  it("write the current time as UTC even on a server whose default time zone is not", async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.query(`alter database ${name} set timezone = 'Pacific/Kiritimati'`); // UTC+14 all year
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${name}`;
    const c = new pg.Client({ connectionString: url.toString(), options: CONNECTION_OPTIONS });
    await c.connect();
    try {
      const { rows } = await c.query<{ at: string }>(
        "select to_char(current_timestamp::timestamp(3), 'YYYY-MM-DD\"T\"HH24:MI:SS') as at",
      );
      const stored = Date.parse(`${rows[0]?.at ?? ""}Z`);
      expect(Math.abs(stored - Date.now())).toBeLessThan(60_000);
    } finally {
      await c.end();
    }
  });
});
