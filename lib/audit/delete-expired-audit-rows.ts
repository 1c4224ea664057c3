import "server-only";
import { db } from "@/lib/db/prisma";

/** Rows looked at per statement. */
const BATCH = 5000;

/**
 * The audit trail's rows the database lets go: the record they name erased, and older than their
 * institute's retention period ("AuditLog_expired", migration 20261206230000_audit_retention, which
 * the append-only trigger checks again for every row deleted). Clinic by clinic, oldest first: a
 * clinic's rows are walked by id, which grows with time, up to the first row within the period,
 * so a run reads the old part of each trail only. Returns how many rows went.
 */
export async function deleteExpiredAuditRows(): Promise<number> {
  const clinics = await db().$queryRaw<{ id: number; years: number }[]>`
    select k.id, i."retentionYears" as years from "Clinic" k join "Institute" i on i.id = k."instituteId"
     where i."retentionYears" is not null order by k.id`;
  let deleted = 0;
  for (const clinic of clinics) {
    let after = 0;
    for (;;) {
      const [step] = await db().$queryRaw<{ last: number | null; deleted: number; reached: boolean | null }[]>`
        with batch as (
          select id, "at" < (now() at time zone 'UTC') - make_interval(years => ${clinic.years}::int) as old
            from "AuditLog" where "clinicId" = ${clinic.id}::int and id > ${after}::int
           order by id limit ${BATCH}::int),
        gone as (
          delete from "AuditLog" l using batch b
           where l.id = b.id and b.old and "AuditLog_expired"(l.*) returning l.id)
        select (select max(id) from batch) as last, (select count(*)::int from gone) as deleted,
               (select bool_or(not old) from batch) as reached`;
      deleted += step?.deleted ?? 0;
      if (step?.last == null || step.reached !== false) break;
      after = step.last;
    }
  }
  return deleted;
}
