import "server-only";
import { sql } from "kysely";
import type { ClientScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { pageBody, type PageRequest } from "@/lib/paging";
import { ownAssignmentBodies, ownAssignmentsOf } from "@/lib/assignments/list-own-assignments";

// The client's submitted assignments of its sessions of its clinic, whatever their session's
// running status: the scope's client and clinic are in the WHERE clause, so nobody else's appear.
const finishedIn = (scope: ClientScope) => sql`
  select a.id, s.id as "sessionId", s."clinicId", a."submittedAt", count(*) over ()::int as total
    from "Assignment" a join "Session" s on s.id = a."sessionId"
   where s."clientId" = ${scope.clientId}::int and s."clinicId" = ${scope.clinicId}::int
     and a.status = 'COMPLETE'`;

// Newest submit first (one without a submit moment, which the submit always writes, last); the id
// breaks ties, so that pages neither repeat nor skip an item.
const NEWEST_FIRST = sql`p."submittedAt" desc nulls last, p.id desc`;

const finishedPage = (scope: ClientScope, f: PageRequest) => sql`${finishedIn(scope)}
   order by a."submittedAt" desc nulls last, a.id desc
   limit ${f.size}::int offset ${f.page * f.size}::int`;

// Past the last page no row carries the total: counted alone, without reading (or auditing) anything.
const countQuery = (scope: ClientScope) =>
  sql<{ total: number }>`select count(*)::int as total from (${finishedIn(scope)}) c`.compile(sqlBuilder);

/**
 * A page of the client's finished work: its own submitted assignments, newest submit first, each
 * the contract's assignment object with dates in the caller's offset. The home shows the first few
 * and the rest on asking (docs/client-pages.md, "Pages"), so that it never downloads years of work.
 */
export async function listOwnFinishedWork(scope: ClientScope, f: PageRequest, offset: number) {
  const rows = await runSql("own-finished-work", ownAssignmentsOf(scope, finishedPage(scope, f), NEWEST_FIRST));
  const total =
    rows.length || f.page === 0
      ? (rows[0]?.total ?? 0)
      : ((await runSql("own-finished-work-count", countQuery(scope)))[0]?.total ?? 0);
  return pageBody(ownAssignmentBodies(rows, offset), total, f);
}
