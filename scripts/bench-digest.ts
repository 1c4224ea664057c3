// `npm run bench:digest`: the daily digest's counts (lib/reminders/count-digest-items.ts) at an
// institute's scale, on a fresh embedded PostgreSQL: the benchmark's world (one clinic, 1,000
// clients of one caregiver) and BENCH_DIGEST_CLINICS more clinics (50), each with 10 caregivers and
// 1,000 clients on the care teams of two of them, a session of 20 assignments each, a third of
// them waiting for feedback and one waiting assignment in fifty with an urgent alert nobody
// reviewed. The digest runs once a day in one statement for every caregiver; this prints its time
// (median of five, after one untimed) beside a reference measured in the same run, one count of
// the waiting homework of the whole table, and the ratio of the two; and the same for one
// caregiver's list of alerts to review and the first page of their sessions (their home page's;
// the sessions after ten untimed), which must not grow with the institute's alerts and sessions.
import { randomId } from "@/lib/ids";
import { startBenchWorld } from "./lib/bench-world";
import { median } from "./lib/median";

const CLINICS = Number(process.env.BENCH_DIGEST_CLINICS ?? 50);
const log = (s: string) => {
  console.log(`▸ ${s}`);
};

log(`Fresh embedded PostgreSQL: the benchmark's world and ${String(CLINICS)} clinics more`);
const world = await startBenchWorld(1000);
const { sql, clinic } = world;
const [template] = world.sessions;
if (!template) throw new Error("the benchmark's world has no session");
try {
  await sql.query(
    `insert into "Clinic" ("instituteId", name, email, "updatedAt")
     select c."instituteId", 'Scale ' || g, 'scale' || g || '@digest.test', now()
       from "Clinic" c, generate_series(1, $1::int) g where c.id = $2`,
    [CLINICS, clinic.id],
  );
  await sql.query(
    `insert into "Caregiver" ("instituteId", name, email, position, "updatedAt")
     select k."instituteId", 'Carer ' || k.id || '-' || g, 'carer' || k.id || '-' || g || '@digest.test', 'Therapist', now()
       from "Clinic" k, generate_series(1, 10) g where k.email like 'scale%@digest.test'`,
  );
  await sql.query(
    `insert into "CaregiverClinic" ("caregiverId", "clinicId", "instituteId")
     select cg.id, k.id, k."instituteId" from "Caregiver" cg join "Clinic" k on cg.email like 'carer' || k.id || '-%@digest.test'`,
  );
  await sql.query(
    `insert into "Account" (username, role, "caregiverId", "instituteId", "updatedAt")
     select 'digest-' || cg.id, 'CAREGIVER', cg.id, cg."instituteId", now() from "Caregiver" cg where cg.email like '%@digest.test'`,
  );
  await sql.query(
    `insert into "Client" ("clinicId", "opptId", name, email, "updatedAt")
     select k.id, md5(k.id || '-' || g || $1), 'Client ' || g, 'client' || g || '@' || k.id || '.digest.test', now()
       from "Clinic" k, generate_series(1, 1000) g where k.email like 'scale%@digest.test'`,
    [randomId(8)],
  );
  await sql.query(
    `insert into "CareTeamMember" ("clientId", "caregiverId")
     select cl.id, cg.id from "Client" cl
       join lateral (select cm."caregiverId" as id from "CaregiverClinic" cm where cm."clinicId" = cl."clinicId"
                      order by (cm."caregiverId" + cl.id) % 10 limit 2) cg on true
      where cl.email like '%.digest.test'`,
  );
  await sql.query(
    `insert into "Session" ("clinicId", "clientId", "caregiverId", title, "chatId", "startAt", "updatedAt")
     select cl."clinicId", cl.id, t."caregiverId", 'Week', md5('digest' || cl.id), now() - interval '2 days', now()
       from "Client" cl join lateral (select "caregiverId" from "CareTeamMember" where "clientId" = cl.id limit 1) t on true
      where cl.email like '%.digest.test'`,
  );
  // The template session's 20 assignments for each new session. The waiting count is set once
  // after, instead of by the trigger a row at a time (and past the trigger that keeps the column
  // from any other writer).
  await sql.query(`alter table "Assignment" disable trigger "Assignment_waiting_insert_delete"`);
  await sql.query(
    `insert into "Assignment" ("sessionId", "bookId", "moduleId", "moduleVersionId", status, "feedbackStatus", "startAt",
                               "submittedAt", score, alerts, "alertsAt", "updatedAt")
     select s.id, a."bookId", a."moduleId", a."moduleVersionId", a.status, a."feedbackStatus", a."startAt", a."submittedAt",
            a.score, case when f.alert then '[{"question":"item9","value":2,"urgent":true,"message":{"en":"Item 9"}}]'::jsonb
                          else '[]'::jsonb end,
            case when f.alert then a."submittedAt" end, now()
       from "Session" s cross join "Assignment" a
       cross join lateral (select a."feedbackStatus" = 'WAITING' and (s.id + a.id) % 50 = 0 as alert) f
      where s."chatId" = md5('digest' || s."clientId") and a."sessionId" = $1`,
    [template.id],
  );
  await sql.query(`alter table "Assignment" enable trigger "Assignment_waiting_insert_delete"`);
  await sql.query(`alter table "Session" disable trigger "Session_waitingCount_update"`);
  await sql.query(
    `update "Session" s set "waitingCount" = w.n
       from (select "sessionId", count(*)::int as n from "Assignment" where "feedbackStatus" = 'WAITING' group by 1) w
      where s.id = w."sessionId" and s."waitingCount" <> w.n`,
  );
  await sql.query(`alter table "Session" enable trigger "Session_waitingCount_update"`);
  // The statement sums these counts: a world whose counts are wrong would time another statement.
  const { rows: off } = await sql.query<{ n: number }>(
    `select count(*)::int as n from "Session" s
      where s."waitingCount" <> (select count(*) from "Assignment" a where a."sessionId" = s.id and a."feedbackStatus" = 'WAITING')`,
  );
  if (off[0]?.n !== 0) throw new Error(`${String(off[0]?.n)} sessions' waiting counts are wrong`);
  await sql.query("vacuum analyze");
  const { rows } = await sql.query<Record<string, string>>(
    `select (select count(*) from "Caregiver") as caregivers, (select count(*) from "Client") as clients,
            (select count(*) from "Assignment") as assignments,
            (select count(*) from "Assignment" where "feedbackStatus" = 'WAITING') as waiting,
            (select count(*) from "Assignment" where alerts <> '[]'::jsonb) as alerts`,
  );
  const size = rows[0] ?? {};
  log(
    `${size.caregivers} caregivers, ${size.clients} clients, ${size.assignments} assignments, ${size.waiting} waiting, ${size.alerts} with an alert`,
  );

  // The app's own statement, through its own pool.
  process.env.DATABASE_URL = world.db.url;
  process.env.SECRET_KEY ??= randomId(40);
  const { countDigestItems } = await import("@/lib/reminders/count-digest-items");
  const { listAlertsToReview } = await import("@/lib/results/list-alerts-to-review");
  const { listSessions } = await import("@/lib/sessions/list-sessions");
  // The alerts the list must give, counted from what the world wrote (urgent alerts on the
  // caregiver's care teams) and not through the app's SQL helpers: a wrong helper then shows here.
  const { rows: carers } = await sql.query<{ caregiverId: number; accountId: number; alerts: number }>(
    `select cg.id as "caregiverId", a.id as "accountId",
            (select count(*)::int from "Session" s join "CareTeamMember" t on t."clientId" = s."clientId" and t."caregiverId" = cg.id
               join "Assignment" x on x."sessionId" = s.id
              where x."alertReviewedAt" is null and x.alerts @> '[{"urgent":true}]') as alerts
       from "Caregiver" cg join "Account" a on a."caregiverId" = cg.id
      where cg.email like '%@digest.test' order by cg.id limit 1`,
  );
  const [carer] = carers;
  if (!carer) throw new Error("the world has no caregiver of the scale clinics");
  const carerScope = { role: "CAREGIVER" as const, accountId: carer.accountId, caregiverId: carer.caregiverId };
  const timed = async (run: () => Promise<unknown>, warmUp = 1) => {
    for (let i = 0; i < warmUp; i++) await run();
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await run();
      ms.push(performance.now() - t);
    }
    return median(ms);
  };
  let caregivers = 0;
  const digest = await timed(async () => {
    caregivers = (await countDigestItems()).length;
  });
  let listed = 0;
  const alertList = await timed(async () => {
    listed = (await listAlertsToReview(carerScope, { page: 0, size: 20 }, 0)).totalElements;
  });
  if (listed !== carer.alerts) throw new Error(`the list gave ${String(listed)} alerts, not ${String(carer.alerts)}`);
  // Warmed past PostgreSQL's first five runs of a prepared statement, after which it may keep one
  // plan for every value: the plan a home page gets all day.
  let sessions = 0;
  const sessionList = await timed(async () => {
    sessions = (await listSessions(carerScope, { page: 0, size: 20 }, 0)).totalElements;
  }, 10);
  const reference = await timed(() =>
    sql.query(`select count(*) from "Assignment" where "feedbackStatus" = 'WAITING'`),
  );
  console.log(`\nDaily digest, ${new Date().toISOString().slice(0, 10)}, median of five:\n`);
  console.log("| run | ms | ÷ reference |");
  console.log("| --- | ---: | ---: |");
  console.log(`| count of the waiting homework (reference) | ${reference.toFixed(0)} | 1.00 |`);
  console.log(
    `| the digest's counts, ${String(caregivers)} caregivers | ${digest.toFixed(0)} | ${(digest / reference).toFixed(2)} |`,
  );
  console.log(
    `| one caregiver's alerts to review (${String(listed)} of the world's ${String(size.alerts)}) | ${alertList.toFixed(1)} | ${(alertList / reference).toFixed(3)} |`,
  );
  console.log(
    `| one caregiver's first page of sessions (of their ${String(sessions)}) | ${sessionList.toFixed(1)} | ${(sessionList / reference).toFixed(3)} |`,
  );
  console.log("");
} finally {
  await sql.end();
  await world.p.$disconnect();
  await world.db.stop();
}
process.exit(0);
