import "server-only";
import { sql, type RawBuilder } from "kysely";
import { sessionReadsSql } from "@/lib/audit/record-read";
import type { ClientScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder, totalOfPage } from "@/lib/db/sql";
import { pageBody, type PageRequest } from "@/lib/paging";
import type { AssignmentBody } from "@/lib/schemas/session";
import type { AssignmentStatus } from "@/lib/generated/prisma/enums";
import { nameInLanguageSql } from "@/lib/i18n/name-in-language";
import { assignmentJsonSql } from "@/lib/sessions/assignment-json";
import { mapAssignment, type AssignmentRow, type AssignmentSession } from "@/lib/sessions/map-session-detail";
import type { RunningStatus } from "@/lib/sessions/running-status";
import { runningStatusSql } from "@/lib/sessions/session-scope";

export type OwnAssignmentFilter = {
  timeState: RunningStatus;
  /** Only these statuses; undefined: every status. */
  statuses?: readonly AssignmentStatus[];
} & PageRequest;
type OwnAssignmentRow = AssignmentSession & { total: number; assignment: AssignmentRow };

// The client's own assignments whose session is in the running status asked (the one rule, on the
// database clock), of the statuses asked if any, oldest session first, then in the order they were
// made. Only the client's sessions of its clinic are in the WHERE clause, so nobody else's appear.
const ownAssignmentsIn = (scope: ClientScope, f: OwnAssignmentFilter) => sql`
  select a.id, s.id as "sessionId", s."clinicId", s."startAt", count(*) over ()::int as total
    from "Assignment" a join "Session" s on s.id = a."sessionId"
   where s."clientId" = ${scope.clientId}::int and s."clinicId" = ${scope.clinicId}::int
     and ${runningStatusSql("s")} = ${f.timeState}::text
     ${f.statuses ? sql`and a.status::text = any(${f.statuses}::text[])` : sql``}`;

/**
 * SQL: the page `f` asks of those assignments, in their order, each row with the total (none past
 * the last page: see countOwnAssignments). The timing read (list-own-homework-timing.ts) pages the
 * same rows.
 */
export const ownAssignmentsPage = (scope: ClientScope, f: OwnAssignmentFilter) => sql`${ownAssignmentsIn(scope, f)}
   order by s."startAt", a.id
   limit ${f.size}::int offset ${f.page * f.size}::int`;

/**
 * One statement: the client's own assignments that `page` selects (its rows: id, "sessionId",
 * "clinicId", total and the columns `order` sorts by), each as the contract's assignment object,
 * in that order, the module's name in the client's language; and the audit row of each session
 * whose assignments it shows (health data read by the client's account, as the session detail
 * records its reads). The finished work's list
 * (list-own-finished-work.ts) reads its page through it too.
 */
export const ownAssignmentsOf = (scope: ClientScope, page: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
  sql<OwnAssignmentRow>`
with page as (${page}), audit as (${sessionReadsSql(scope.accountId, "page")})
select p.total, s.id, s.title, s."caregiverId", cg.name as "caregiverName", s."clientId", cl.name as "clientName",
       ${sql.raw(assignmentJsonSql("a", "m", "v", nameInLanguageSql("m", "cl")))} as assignment
  from page p
  join "Assignment" a on a.id = p.id
  join "Module" m on m.id = a."moduleId"
  join "ModuleVersion" v on v.id = a."moduleVersionId"
  join "Session" s on s.id = p."sessionId"
  join "Caregiver" cg on cg.id = s."caregiverId"
  join "Client" cl on cl.id = s."clientId"
 order by ${order}`.compile(sqlBuilder);

/** Those rows as the contract's assignment objects, dates in the caller's offset. */
export const ownAssignmentBodies = (rows: readonly OwnAssignmentRow[], offset: number) =>
  rows.map((r): AssignmentBody => mapAssignment(r.assignment, r, offset));

/** The total of a page's rows (`ownAssignmentsPage`): carried by its rows, or counted when it has none. */
export const countOwnAssignments = (scope: ClientScope, f: OwnAssignmentFilter, rows: readonly { total: number }[]) =>
  totalOfPage("own-assignments-count", ownAssignmentsIn(scope, f), f, rows);

/**
 * A page of the client's own assignments in `timeState` (the running status of their session), of
 * `statuses` when given: each the contract's assignment object, dates in the caller's offset.
 * Order: by the session's start, then by assignment id (the order they were made).
 */
export async function listOwnAssignments(scope: ClientScope, f: OwnAssignmentFilter, offset: number) {
  const rows = await runSql(
    "own-assignments",
    ownAssignmentsOf(scope, ownAssignmentsPage(scope, f), sql`p."startAt", p.id`),
  );
  const total = await countOwnAssignments(scope, f, rows);
  return pageBody(ownAssignmentBodies(rows, offset), total, f);
}
