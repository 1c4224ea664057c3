import "server-only";
import { sql } from "kysely";
import type { ClientScope } from "@/lib/auth/scope";
import { runSql, totalOfPage } from "@/lib/db/sql";
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
// breaks ties, so that pages neither repeat nor skip an item. The same order picks the page (`a`, the
// assignments) and keeps it in the statement that reads it (`p`, the page's rows).
const newestFirst = (of: "a" | "p") => sql.raw(`${of}."submittedAt" desc nulls last, ${of}.id desc`);

const finishedPage = (scope: ClientScope, f: PageRequest) => sql`${finishedIn(scope)}
   order by ${newestFirst("a")}
   limit ${f.size}::int offset ${f.page * f.size}::int`;

/**
 * A page of the client's finished work: its own submitted assignments, newest submit first, each
 * the contract's assignment object with dates in the caller's offset. The home shows the first few
 * and the rest on asking (docs/client-pages.md, "Pages"), so that it never downloads years of work.
 */
export async function listOwnFinishedWork(scope: ClientScope, f: PageRequest, offset: number) {
  const rows = await runSql("own-finished-work", ownAssignmentsOf(scope, finishedPage(scope, f), newestFirst("p")));
  const total = await totalOfPage("own-finished-work-count", finishedIn(scope), f, rows);
  return pageBody(ownAssignmentBodies(rows, offset), total, f);
}
