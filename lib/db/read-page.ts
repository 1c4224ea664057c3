import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/prisma";

/**
 * A page's rows and the total of its query, read in one snapshot. Read at once on two connections,
 * a row written between the two reads would make the total disagree with the page (a pager's last
 * page, "Show earlier messages (N)").
 */
export function readPage<R>(
  rows: Prisma.PrismaPromise<R[]>,
  total: Prisma.PrismaPromise<number>,
): Promise<[R[], number]> {
  return db().$transaction([rows, total], { isolationLevel: "RepeatableRead" });
}
