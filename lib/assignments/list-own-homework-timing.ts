import "server-only";
import { sql } from "kysely";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { z } from "zod";
import type { ClientScope } from "@/lib/auth/scope";
import { formatDate } from "@/lib/dates";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { pageBody } from "@/lib/paging";
import type { AssignmentTiming } from "@/lib/schemas/scheduling";
import {
  countOwnAssignments,
  ownAssignmentsPage,
  type OwnAssignmentFilter,
} from "@/lib/assignments/list-own-assignments";
import { msSql } from "@/lib/db/database-clock";

type Row = { total: number; assignmentId: number; startAt: number; dueAt: number | null; remindAt: number[] };

// The same assignments, in the same order and pages, as the client's own list: the home page reads
// both a hundred at a time and puts each due moment on its card by assignment id. Audited as that
// list is: a row per session on the page.
const pageQuery = (scope: ClientScope, f: OwnAssignmentFilter) =>
  sql<Row>`
with page as (${ownAssignmentsPage(scope, f)}), audit as (${sessionReadsSql(scope.accountId, "page")})
select p.total, a.id as "assignmentId", ${sql.raw(msSql('a."startAt"'))} as "startAt", ${sql.raw(msSql('a."dueAt"'))} as "dueAt",
       coalesce((select array_agg(${sql.raw(msSql('r."remindAt"'))} order by r."remindAt")
                   from "AssignmentReminder" r where r."assignmentId" = a.id), '{}') as "remindAt"
  from page p join "Assignment" a on a.id = p.id
 order by p."startAt", p.id`.compile(sqlBuilder);

/**
 * When each of the client's own assignments in `timeState` starts, is due and is reminded, a page
 * at a time: the contract's assignment object of their list keeps exactly its fields, so the due
 * moment is read here, beside it (as the care team reads a session's with `readHomeworkTiming`).
 */
export async function listOwnHomeworkTiming(scope: ClientScope, f: OwnAssignmentFilter, offset: number) {
  const rows = await runSql("own-homework-timing", pageQuery(scope, f));
  const total = await countOwnAssignments(scope, f, rows);
  const content = rows.map((r): z.infer<typeof AssignmentTiming> => ({
    assignmentId: r.assignmentId,
    startDate: formatDate(r.startAt, offset),
    dueDate: formatDate(r.dueAt, offset),
    remindDates: r.remindAt.map((at) => formatDate(at, offset)),
  }));
  return pageBody(content, total, f);
}
