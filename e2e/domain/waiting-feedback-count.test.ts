import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { listFeedbackDue } from "@/lib/assignments/list-feedback-due";
import { removeCaregiverFromClinic } from "@/lib/clinics/remove-caregiver-from-clinic";
import { makeCaregiver, makeClient, makeSession } from "@/prisma/factories";
import { scopeOf } from "../support/world";
import { db, makeWorld } from "./support/domain-world";

// The feedback-due list's total sums the waiting counts the database keeps per client
// (ClientWaitingFeedback, migration 20261126180000) over the caregiver's clients by the care-team
// rule. Whatever changes homework, care teams or memberships, and in whatever order two
// transactions commit, the list's total is what counting the waiting rows by the rule gives.

const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4 });
afterAll(() => pool.end());

type Carer = { id: number; username: string };

/** The waiting homework on the caregiver's care teams, counted row by row (the rule itself). */
async function counted(caregiverId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from "Assignment" a join "Session" s on s.id = a."sessionId"
      where a."feedbackStatus" = 'WAITING' and exists (
        select 1 from "CareTeamMember" t
          join "Client" tc on tc.id = t."clientId"
          join "CaregiverClinic" tm on tm."clinicId" = tc."clinicId" and tm."caregiverId" = t."caregiverId"
         where t."clientId" = s."clientId" and t."caregiverId" = $1)`,
    [caregiverId],
  );
  return rows[0]?.n ?? -1;
}
/** The feedback-due list's total, as the caregiver's list says it. */
async function listed(carer: Carer): Promise<number> {
  const scope = await scopeOf(db, carer.username, "CAREGIVER");
  return (await listFeedbackDue(scope, { page: 0, size: 1 }, 0)).totalElements;
}
/** Both counts, which must agree. */
const counts = async (carer: Carer) => ({ listed: await listed(carer), counted: await counted(carer.id) });

/** The world's client and a second one on the carer's and the outsider's care teams, 1 + 2 waiting. */
async function twoClients() {
  const w = await makeWorld();
  const second = await makeClient(db, {
    clinicId: w.clinic.id,
    name: `Second ${w.u}`,
    email: `second-${w.u}@test.test`,
    careTeam: [w.carer.id, w.outsider.id],
  });
  const intro = await db.module.findFirstOrThrow({ where: { bookId: w.book.id }, select: { id: true } });
  const homework = { bookId: w.book.id, moduleId: intro.id };
  const session = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: second.id,
    caregiverId: w.carer.id,
    title: `Second ${w.u}`,
    startAt: new Date(Date.now() - 86_400_000),
    assignments: [
      { ...homework, status: "COMPLETE", feedbackStatus: "WAITING" },
      { ...homework, status: "COMPLETE", feedbackStatus: "WAITING" },
      { ...homework, status: "PENDING" },
    ],
  });
  const ids = await db.assignment.findMany({
    where: { sessionId: session.id },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  return { w, second, session, assignments: ids.map((a) => a.id) };
}

/** A caregiver of the world's clinic, with an account. */
const newCarer = async (w: Awaited<ReturnType<typeof makeWorld>>, name: string): Promise<Carer> => {
  const username = `${name}-${w.u}`;
  const made = await makeCaregiver(db, {
    clinicIds: [w.clinic.id],
    name: `${name} ${w.u}`,
    email: `${username}@test.test`,
    username,
    password: w.password,
  });
  return { id: made.id, username };
};

const setStatus = (id: number, feedbackStatus: "WAITING" | "GIVEN" | "NONE") =>
  db.assignment.update({ where: { id }, data: { feedbackStatus }, select: { id: true } });

describe("the feedback-due total from the counts kept on clients", () => {
  it("follows homework, care teams, memberships and clinics, one change at a time", async () => {
    const { w, second, assignments } = await twoClients();
    const [first, , pending] = assignments as [number, number, number];
    expect(await counts(w.carer)).toEqual({ listed: 3, counted: 3 });
    expect(await counts(w.outsider)).toEqual({ listed: 2, counted: 2 });

    await setStatus(first, "GIVEN"); // feedback given
    expect(await counts(w.carer)).toEqual({ listed: 2, counted: 2 });
    expect(await counts(w.outsider)).toEqual({ listed: 1, counted: 1 });
    await setStatus(pending, "WAITING"); // submitted
    expect(await counts(w.carer)).toEqual({ listed: 3, counted: 3 });

    // Off the second client's care team, and back: its two waiting go and come.
    await db.careTeamMember.delete({
      where: { clientId_caregiverId: { clientId: second.id, caregiverId: w.carer.id } },
    });
    expect(await counts(w.carer)).toEqual({ listed: 1, counted: 1 });
    await db.careTeamMember.create({ data: { clientId: second.id, caregiverId: w.carer.id } });
    expect(await counts(w.carer)).toEqual({ listed: 3, counted: 3 });

    // Out of the clinic (care-team rows left behind count for nothing), homework submitted
    // meanwhile, then back in.
    await db.caregiverClinic.delete({
      where: { caregiverId_clinicId: { caregiverId: w.carer.id, clinicId: w.clinic.id } },
    });
    expect(await counts(w.carer)).toEqual({ listed: 0, counted: 0 });
    await setStatus(first, "WAITING");
    expect(await counts(w.carer)).toEqual({ listed: 0, counted: 0 });
    await db.caregiverClinic.create({
      data: { caregiverId: w.carer.id, clinicId: w.clinic.id, instituteId: w.institute.id },
    });
    expect(await counts(w.carer)).toEqual({ listed: 4, counted: 4 });

    // Homework made already waiting, and homework deleted while waiting.
    const like = await db.assignment.findUniqueOrThrow({
      where: { id: first },
      select: { sessionId: true, bookId: true, moduleId: true, moduleVersionId: true, startAt: true },
    });
    const made = await db.assignment.create({
      data: { ...like, status: "COMPLETE", feedbackStatus: "WAITING" },
      select: { id: true },
    });
    expect(await counts(w.carer)).toEqual({ listed: 5, counted: 5 });
    expect(await counts(w.outsider)).toEqual({ listed: 4, counted: 4 });
    await db.assignment.delete({ where: { id: made.id } });
    expect(await counts(w.carer)).toEqual({ listed: 4, counted: 4 });

    // A caregiver made in the clinic, then put on the client's care team, gains its homework.
    const late = await newCarer(w, "late");
    await db.careTeamMember.create({ data: { clientId: second.id, caregiverId: late.id } });
    expect(await counts(late)).toEqual({ listed: 3, counted: 3 });

    // The client moves to a clinic the caregivers do not work in: off their lists, count and all.
    const elsewhere = await db.clinic.create({
      data: { name: `Elsewhere ${w.u}`, email: `elsewhere-${w.u}@test.test`, instituteId: w.institute.id },
      select: { id: true },
    });
    await db.client.update({ where: { id: second.id }, data: { clinicId: elsewhere.id } });
    expect(await counts(w.carer)).toEqual({ listed: 1, counted: 1 });
    expect(await counts(late)).toEqual({ listed: 0, counted: 0 });
  });

  it("is the database's: written by a statement it is refused, and a session cannot change client", async () => {
    const { w, second, session } = await twoClients();
    await expect(
      db.clientWaitingFeedback.update({
        where: { clientId: second.id },
        data: { waiting: 0 },
        select: { clientId: true },
      }),
    ).rejects.toThrow(/kept by the database/);
    await expect(
      db.$executeRawUnsafe(`update "ClientWaitingFeedback" set waiting = 7 where "clientId" = $1`, second.id),
    ).rejects.toThrow(/kept by the database/);
    // A new client comes with a count of nothing, which no statement can make otherwise.
    const fresh = await db.client.create({
      data: { clinicId: w.clinic.id, opptId: `fresh-${w.u}`, name: "Fresh", email: `fresh-${w.u}@test.test` },
      select: { id: true, waitingFeedback: { select: { waiting: true } } },
    });
    expect(fresh.waitingFeedback).toEqual({ waiting: 0 });
    await expect(
      db.$executeRawUnsafe(`insert into "ClientWaitingFeedback" ("clientId", waiting) values ($1, 5)`, w.client.id),
    ).rejects.toThrow(/kept by the database/);
    await expect(
      db.session.update({ where: { id: session.id }, data: { clientId: w.client.id }, select: { id: true } }),
    ).rejects.toThrow(/kept by the database/);
    expect(await counts(w.carer)).toEqual({ listed: 3, counted: 3 });
  });

  // Two transactions at once, the second started while the first is uncommitted, then both
  // committed: neither may leave the total off by the other's change.
  describe("when two transactions race", () => {
    /** Runs `first` in a transaction left open, starts `second` in another, then commits both. */
    async function race(first: string[], second: string[]) {
      const [a, b] = [await pool.connect(), await pool.connect()];
      try {
        await a.query("begin");
        for (const q of first) await a.query(q);
        await b.query("begin");
        const later = (async () => {
          for (const q of second) await b.query(q);
          await b.query("commit");
        })();
        await new Promise((r) => setTimeout(r, 300)); // the second reaches its trigger meanwhile
        await a.query("commit");
        await later;
      } finally {
        a.release();
        b.release();
      }
    }

    it("two submissions of one client, and a submission beside a care-team change, in either order", async () => {
      const { w, second, assignments } = await twoClients();
      const [first, other, pending] = assignments as [number, number, number];
      const extra = await newCarer(w, "extra");
      const set = (id: number, status: string) =>
        `update "Assignment" set "feedbackStatus" = '${status}' where id = ${id}`;
      await race([set(first, "GIVEN")], [set(other, "GIVEN")]);
      expect(await counts(w.carer)).toEqual({ listed: 1, counted: 1 });

      const join = `insert into "CareTeamMember" ("clientId", "caregiverId") values (${second.id}, ${extra.id})`;
      await race([set(pending, "WAITING")], [join]);
      expect(await counts(extra)).toEqual({ listed: 1, counted: 1 });

      const leave = `delete from "CareTeamMember" where "clientId" = ${second.id} and "caregiverId" = ${extra.id}`;
      await race([leave], [set(pending, "GIVEN")]);
      expect(await counts(extra)).toEqual({ listed: 0, counted: 0 });
      await race([join], [set(first, "WAITING")]);
      expect(await counts(extra)).toEqual({ listed: 1, counted: 1 });
      expect(await counts(w.carer)).toEqual({ listed: 2, counted: 2 });
    });

    // A removal from a clinic midway (a third transaction holds one of its care-team rows, after
    // the removal has locked the clients' rows) while a submission of one of the caregiver's
    // clients comes: the submission's count does not wait for the client's row, and both finish.
    it("a removal from the clinic midway and a submission: both go through", async () => {
      const { w, second, assignments } = await twoClients();
      const [, , pending] = assignments as [number, number, number];
      const holder = await pool.connect();
      try {
        await holder.query("begin");
        await holder.query(`select 1 from "CareTeamMember" where "clientId" = $1 and "caregiverId" = $2 for update`, [
          second.id,
          w.carer.id,
        ]);
        const removal = removeCaregiverFromClinic(db, w.carer.id, w.clinic.id);
        await new Promise((r) => setTimeout(r, 300));
        const submission = pool.query(`update "Assignment" set "feedbackStatus" = 'WAITING' where id = $1`, [pending]);
        const waited = new Promise((r) =>
          setTimeout(() => {
            r("still waiting");
          }, 3000),
        );
        expect(await Promise.race([submission.then(() => "submitted"), waited])).toBe("submitted");
        await holder.query("commit");
        const outcomes = await Promise.allSettled([removal, submission]);
        expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : o.status))).toEqual([
          "fulfilled",
          "fulfilled",
        ]);
      } finally {
        holder.release();
      }
      expect(await counts(w.carer)).toEqual({ listed: 0, counted: 0 });
      expect(await counts(w.outsider)).toEqual({ listed: 3, counted: 3 });
    });
  });
});
