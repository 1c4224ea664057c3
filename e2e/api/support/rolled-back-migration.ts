import { readFileSync } from "node:fs";
import path from "node:path";
import type { Tx } from "@/lib/db/prisma";
import { ROOT } from "../../../scripts/lib/processes";
import { db } from "./world";

const ROLLBACK = new Error("rolled back");

/**
 * Runs a committed migration's SQL again in a transaction that is then rolled back: `before` puts
 * the rows in the state the migration met in a database made before it (the test database is
 * migrated already), and what `after` reads there is returned. Nothing of either stays.
 */
export async function migrationRolledBack<T extends object>(
  name: string,
  after: (tx: Tx) => Promise<T>,
  before: (tx: Tx) => Promise<unknown> = () => Promise.resolve(),
): Promise<T> {
  const sql = readFileSync(path.join(ROOT, "prisma/migrations", name, "migration.sql"), "utf8");
  const seen: T[] = [];
  await db
    .$transaction(async (tx) => {
      await before(tx);
      await tx.$executeRawUnsafe(sql);
      seen.push(await after(tx));
      throw ROLLBACK;
    })
    .catch((e: unknown) => {
      if (e !== ROLLBACK) throw e;
    });
  const [read] = seen;
  if (read === undefined) throw new Error(`migration ${name} read nothing`);
  return read;
}
