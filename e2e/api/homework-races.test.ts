// Two lifecycle writes racing on the same session must leave only the states of decisions.md
// ("States and transitions"): whichever wins, the loser answers a clean 409 and nothing impossible
// remains. Each round fires 50 conflicting pairs at once, on fresh sessions, then reads the database.
import { beforeAll, describe, expect, it } from "vitest";
import { makeSession, type AssignmentSpec } from "@/prisma/factories";
import { api, db, makeWorld, type World } from "./support/world";

const PAIRS = 50;
const ROUNDS = 2;

type Answer = Awaited<ReturnType<typeof api>>;
type Target = { sessionId: number; assignmentId: number };
type Op = { name: string; run: (w: World, t: Target) => Promise<Answer> };

const submit: Op = {
  name: "submit",
  run: async (w, t) =>
    api(`/gateway/profile/client/assignment/${t.assignmentId}/submit`, {
      token: await w.token("client"),
      body: { answers: [{ questionKey: "q1", value: "final" }] },
    }),
};
const autosave: Op = {
  name: "autosave",
  run: async (w, t) =>
    api(`/gateway/profile/client/assignment/${t.assignmentId}/autosave`, {
      method: "PUT",
      token: await w.token("client"),
      body: { answers: [{ questionKey: "q2", value: "typing" }], draft: true },
    }),
};
const close: Op = {
  name: "close",
  run: async (w, t) =>
    api(`/gateway/profile/caregiver/session/${t.sessionId}/close`, { method: "POST", token: await w.token("carer") }),
};
const assignmentFeedback: Op = {
  name: "assignment feedback",
  run: async (w, t) =>
    api(`/gateway/profile/caregiver/assignment/${t.assignmentId}/feedback`, {
      token: await w.token("carer"),
      body: { text: "Thank you.", score: 3 },
    }),
};
/** Session feedback; under an Idempotency-Key, in the transaction that claims the key, not one message. */
const sessionFeedbackOp = (name: string, key?: (t: Target) => string): Op => ({
  name,
  run: async (w, t) =>
    api(`/gateway/profile/caregiver/session/${t.sessionId}/feedback`, {
      token: await w.token("carer"),
      body: { text: "A good week." },
      headers: key ? { "idempotency-key": key(t) } : {},
    }),
});
const sessionFeedback = sessionFeedbackOp("session feedback");
const keyedSessionFeedback = sessionFeedbackOp(
  "session feedback under an Idempotency-Key",
  (t) => `race-${String(t.sessionId)}`,
);

type Race = {
  pair: [Op, Op];
  /** The one assignment of each fresh session. */
  assignment: Pick<AssignmentSpec, "status" | "feedbackStatus">;
  /** The outcomes one after the other could give, first op's status then second's. */
  allowed: [number, number][];
};

const RACES: Race[] = [
  {
    pair: [submit, close],
    assignment: { status: "PENDING" },
    allowed: [
      [200, 409],
      [409, 200],
    ],
  },
  {
    pair: [assignmentFeedback, close],
    assignment: { status: "COMPLETE", feedbackStatus: "WAITING" },
    allowed: [
      [201, 409],
      [201, 200],
    ],
  },
  {
    pair: [sessionFeedback, close],
    assignment: { status: "COMPLETE", feedbackStatus: "GIVEN" },
    allowed: [
      [201, 200],
      [409, 200],
    ],
  },
  {
    pair: [keyedSessionFeedback, close],
    assignment: { status: "COMPLETE", feedbackStatus: "GIVEN" },
    allowed: [
      [201, 200],
      [409, 200],
    ],
  },
  {
    pair: [autosave, submit],
    assignment: { status: "IN_PROGRESS" },
    allowed: [
      [200, 200],
      [409, 200],
    ],
  },
  {
    pair: [autosave, close],
    assignment: { status: "PENDING" },
    allowed: [
      [200, 200],
      [409, 200],
    ],
  },
  {
    pair: [submit, assignmentFeedback],
    assignment: { status: "PENDING" },
    allowed: [
      [200, 409],
      [200, 201],
    ],
  },
];

async function freshSessions(w: World, spec: Race["assignment"]): Promise<Target[]> {
  const first = w.book.modules[0]!;
  return Promise.all(
    Array.from({ length: PAIRS }, async (_, i) => {
      const s = await makeSession(db, {
        clinicId: w.clinic.id,
        clientId: w.client.id,
        caregiverId: w.caregiver.id,
        title: `Race ${i}`,
        startAt: new Date(Date.now() - 2 * 24 * 3600_000),
        assignments: [{ bookId: w.book.id, moduleId: first.id, submittedAfterDays: 0, ...spec }],
      });
      return { sessionId: s.id, assignmentId: s.assignmentIds[0]! };
    }),
  );
}

/** Rows of the given sessions that decisions.md does not allow, each described in one line. */
async function impossibleStates(sessionIds: number[]): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ problem: string }[]>(
    `
with s as (select id, "closedAt" from "Session" where id = any($1::int[])),
     a as (select a.* from "Assignment" a join s on s.id = a."sessionId")
select 'closed session ' || s.id || ' has feedback WAITING' as problem
  from s join a on a."sessionId" = s.id where s."closedAt" is not null and a."feedbackStatus" = 'WAITING'
union all
select 'assignment ' || a.id || ' changed after its session closed'
  from a join s on s.id = a."sessionId"
 where greatest(a."updatedAt", a."submittedAt", a."feedbackSubmitAt") > s."closedAt"
union all
select 'session ' || f."sessionId" || ' got ' || f.kind || ' feedback after it closed'
  from "Feedback" f join s on s.id = f."sessionId" where f."createdAt" > s."closedAt"
union all
select 'assignment ' || x."assignmentId" || ' got an answer, draft or autosave after its session closed'
  from (select "assignmentId", "createdAt" as at from "Answer" union all select "assignmentId", "createdAt" from "Draft"
        union all select "assignmentId", "updatedAt" from "AutoSaveAnswer") x
  join a on a.id = x."assignmentId" join s on s.id = a."sessionId" where x.at > s."closedAt"
union all
select 'COMPLETE assignment ' || a.id || ' has autosave rows'
  from a where a.status = 'COMPLETE' and exists (select 1 from "AutoSaveAnswer" x where x."assignmentId" = a.id)
union all
select 'assignment ' || a.id || ' is ' || a.status || ' with feedback ' || a."feedbackStatus"
  from a where (a.status = 'COMPLETE') <> (a."feedbackStatus" <> 'NONE')
            or (a.status = 'COMPLETE') <> (a."submittedAt" is not null)
            or (a."feedbackStatus" = 'GIVEN') <> (a."feedbackSubmitAt" is not null)
union all
select 'assignment ' || a.id || ' has ' || (select count(*) from "Feedback" f where f."assignmentId" = a.id) || ' feedbacks, feedback ' || a."feedbackStatus"
  from a where (select count(*) from "Feedback" f where f."assignmentId" = a.id) <> (case when a."feedbackStatus" = 'GIVEN' then 1 else 0 end)`,
    sessionIds,
  );
  return rows.map((r) => r.problem);
}

const clean = (r: Answer) =>
  r.status < 300 ||
  (r.status === 409 &&
    (r.headers.get("content-type") ?? "").startsWith("application/problem+json") &&
    r.json?.status === 409);

describe("homework lifecycle under concurrent writes", () => {
  // One clinic for all races; every round works on sessions of its own.
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
    await Promise.all([w.token("client"), w.token("carer")]);
  });

  for (const race of RACES) {
    const [first, second] = race.pair;
    it(`${first.name} × ${second.name}: ${PAIRS} pairs at once, ${ROUNDS} rounds, leave only allowed states`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const targets = await freshSessions(w, race.assignment);
        const answers = await Promise.all(targets.map((t) => Promise.all([first.run(w, t), second.run(w, t)])));
        // Every request answers 2xx or a 409 problem+json (never 500 or 503) ...
        const unclean = answers
          .flat()
          .filter((r) => !clean(r))
          .map((r) => `${r.status} ${r.text.slice(0, 200)}`);
        // ... each pair ends as one request after the other could have ended it ...
        const unexpected = answers
          .map(([a, b]) => [a.status, b.status])
          .filter(([a, b]) => !race.allowed.some(([x, y]) => x === a && y === b));
        // ... and the database holds only states of decisions.md.
        const impossible = await impossibleStates(targets.map((t) => t.sessionId));
        expect({ round, unclean, unexpected, impossible }).toEqual({
          round,
          unclean: [],
          unexpected: [],
          impossible: [],
        });
      }
    }, 60_000);
  }
});
