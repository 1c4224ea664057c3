import "server-only";
import { db } from "@/lib/db/prisma";

/** The clinic of a staff member's account (the pages' session carries only the account's id). */
export async function staffClinicId(accountId: number): Promise<number | null> {
  const a = await db().account.findUnique({
    where: { id: accountId },
    select: { staff: { select: { clinicId: true } } },
  });
  return a?.staff?.clinicId ?? null;
}
