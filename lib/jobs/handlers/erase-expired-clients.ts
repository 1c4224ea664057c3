import "server-only";
import { deleteExpiredAuditRows } from "@/lib/audit/delete-expired-audit-rows";
import { eraseClientIfExpired, fromExpiredClients } from "@/lib/clients/erase-client";
import { db } from "@/lib/db/prisma";
import { log } from "@/lib/log";

/** Clients erased per statement that finds them; the run goes on until none is left. */
const BATCH = 200;

/**
 * Once a day (graphile-worker cron, RETENTION_CRON): erases the record of every client INACTIVE for
 * longer than their institute's retention period (Institute.retentionYears; none set, none erased),
 * each in a transaction of its own that checks the period again under the client's lock
 * (eraseClientIfExpired, which logs each erasure's ids for reapply-erasures after a restore of a
 * backup); then the audit trail's rows of erased records that are older than the period
 * (deleteExpiredAuditRows). The run's own line names counts.
 */
export async function eraseExpiredClients(): Promise<void> {
  let erased = 0,
    left = 0,
    after = 0;
  for (;;) {
    const due = await db().$queryRaw<{ id: number }[]>`
      select c.id ${fromExpiredClients} and c.id > ${after}::int
       order by c.id limit ${BATCH}::int`;
    for (const { id } of due) {
      if (await eraseClientIfExpired(db(), id)) erased++;
      else left++;
      after = id;
    }
    if (due.length < BATCH) break;
  }
  if (erased + left > 0) log.info({ erased, left }, "clients past their retention period erased");
  const auditRows = await deleteExpiredAuditRows();
  if (auditRows > 0) log.info({ auditRows }, "audit rows past their retention period deleted");
}
