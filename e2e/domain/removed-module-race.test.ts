import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHomework } from "@/lib/assignments/add-homework";
import { removeModule } from "@/lib/authoring/remove-module";
import { toAppError } from "@/lib/gateway/handler";
import { makeBook } from "@/prisma/factories";
import { db, makeWorld } from "./support/domain-world";
import { uid } from "../support/world";

// Homework reads its books' modules, then inserts one assignment per module. A module removed in
// between (never assigned until then, so its removal is allowed) is gone when the insert names
// it: the caller must get a 409 that changed nothing, not a 500.

// This process's own connections carry a name of their own, so that the test finds the one of
// them that waits, whatever other test files do on the database at the time.
const APP = `removed-module-race-${uid()}`;
const url = new URL(process.env.DATABASE_URL ?? "");
url.searchParams.set("application_name", APP);
process.env.DATABASE_URL = url.toString();

const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
beforeAll(() => admin.connect());
afterAll(() => admin.end());

/** A connection of its own (not of this process's pool) holding `lock` until `release`. */
async function holding(lock: string) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL?.replace(APP, `${APP}-holder`) });
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
}

/** Waits until one of this process's connections waits for `pid`'s locks. */
async function waitingFor(pid: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await admin.query(
      "select 1 from pg_stat_activity where application_name = $1 and $2::int = any(pg_blocking_pids(pid))",
      [APP, pid],
    );
    if (rows.length > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`nothing of this process waited for backend ${pid}`);
}

describe("a module removed while homework of its book is being added", () => {
  it("answers the homework with a 409 that adds nothing, and the module is gone", async () => {
    const w = await makeWorld();
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Removed ${uid()}`,
      modules: [{ name: "Soon gone" }],
    });
    const [module] = book.modules;
    if (!module) throw new Error("the book has no module");
    const before = await db.assignment.count({ where: { sessionId: w.session.id } });

    // The homework has read the book's modules and waits to insert its assignments.
    const inserts = await holding(`lock table "Assignment" in share mode`);
    const adding = addHomework(
      await w.scope("carer"),
      { sessionId: w.session.id, bookIds: [book.id] },
      { offset: 0 },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    await waitingFor(inserts.pid);
    await removeModule(await w.scope("staff"), module.id);
    await inserts.release();

    const refused = await adding;
    expect(refused, "the homework was added").not.toBeNull();
    expect(toAppError(refused).code).toBe("conflict");
    expect(await db.assignment.count({ where: { sessionId: w.session.id } })).toBe(before);
    expect(await db.module.count({ where: { id: module.id } })).toBe(0);
  });
});
