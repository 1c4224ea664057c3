import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { removeCaregiverFromClinic } from "@/lib/clinics/remove-caregiver-from-clinic";
import { makeCaregiver, makeClient, makeSession } from "@/prisma/factories";
import { db, makeWorld } from "./support/domain-world";

// The feedback-due list's total is the sum of the caregiver's memberships' waitingFeedback, which
// triggers keep (migration 20261126180000). Whatever changes homework, care teams or memberships,
// and in whatever order two transactions commit, the kept count is what counting the rows by the
// care-team rule gives.

const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4 });
afterAll(() => pool.end());

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
async function kept(caregiverId: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select coalesce(sum("waitingFeedback"), 0)::int as n from "CaregiverClinic" where "caregiverId" = $1`,
    [caregiverId],
  );
  return rows[0]?.n ?? -1;
}
/** Both counts, which must agree. */
const counts = async (caregiverId: number) => ({ kept: await kept(caregiverId), counted: await counted(caregiverId) });

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

const setStatus = (id: number, feedbackStatus: "WAITING" | "GIVEN" | "NONE") =>
  db.assignment.update({ where: { id }, data: { feedbackStatus }, select: { id: true } });

describe("the kept count of homework waiting for feedback", () => {
  it("follows homework, care teams and memberships, one change at a time", async () => {
    const { w, second, assignments } = await twoClients();
    const [first, , pending] = assignments as [number, number, number];
    expect(await counts(w.carer.id)).toEqual({ kept: 3, counted: 3 });
    expect(await counts(w.outsider.id)).toEqual({ kept: 2, counted: 2 });

    await setStatus(first, "GIVEN"); // feedback given
    expect(await counts(w.carer.id)).toEqual({ kept: 2, counted: 2 });
    expect(await counts(w.outsider.id)).toEqual({ kept: 1, counted: 1 });
    await setStatus(pending, "WAITING"); // submitted
    expect(await counts(w.carer.id)).toEqual({ kept: 3, counted: 3 });

    // Off the second client's care team, and back: its two waiting go and come.
    await db.careTeamMember.delete({
      where: { clientId_caregiverId: { clientId: second.id, caregiverId: w.carer.id } },
    });
    expect(await counts(w.carer.id)).toEqual({ kept: 1, counted: 1 });
    await db.careTeamMember.create({ data: { clientId: second.id, caregiverId: w.carer.id } });
    expect(await counts(w.carer.id)).toEqual({ kept: 3, counted: 3 });

    // Out of the clinic (care-team rows left behind count for nothing), homework submitted
    // meanwhile, then back in: the new membership is counted whole.
    await db.caregiverClinic.delete({
      where: { caregiverId_clinicId: { caregiverId: w.carer.id, clinicId: w.clinic.id } },
    });
    expect(await counts(w.carer.id)).toEqual({ kept: 0, counted: 0 });
    await setStatus(first, "WAITING");
    expect(await counts(w.carer.id)).toEqual({ kept: 0, counted: 0 });
    await db.caregiverClinic.create({
      data: { caregiverId: w.carer.id, clinicId: w.clinic.id, instituteId: w.institute.id, waitingFeedback: 99 },
    });
    expect(await counts(w.carer.id)).toEqual({ kept: 4, counted: 4 });

    // Homework made already waiting, and homework deleted while waiting.
    const like = await db.assignment.findUniqueOrThrow({
      where: { id: first },
      select: { sessionId: true, bookId: true, moduleId: true, moduleVersionId: true, startAt: true },
    });
    const made = await db.assignment.create({
      data: { ...like, status: "COMPLETE", feedbackStatus: "WAITING" },
      select: { id: true },
    });
    expect(await counts(w.carer.id)).toEqual({ kept: 5, counted: 5 });
    expect(await counts(w.outsider.id)).toEqual({ kept: 4, counted: 4 });
    await db.assignment.delete({ where: { id: made.id } });
    expect(await counts(w.carer.id)).toEqual({ kept: 4, counted: 4 });

    // A caregiver made in the clinic, then put on the client's care team, gains its homework.
    const late = await makeCaregiver(db, {
      clinicIds: [w.clinic.id],
      name: `Late ${w.u}`,
      email: `late-${w.u}@test.test`,
      username: `late-${w.u}`,
    });
    await db.careTeamMember.create({ data: { clientId: second.id, caregiverId: late.id } });
    expect(await counts(late.id)).toEqual({ kept: 3, counted: 3 });
  });

  it("refuses to move a client to another clinic or a session to another client", async () => {
    const { w, second, session } = await twoClients();
    const elsewhere = await db.clinic.create({
      data: { name: `Elsewhere ${w.u}`, email: `elsewhere-${w.u}@test.test`, instituteId: w.institute.id },
      select: { id: true },
    });
    await expect(db.client.update({ where: { id: second.id }, data: { clinicId: elsewhere.id } })).rejects.toThrow(
      /cannot move/,
    );
    await expect(db.session.update({ where: { id: session.id }, data: { clientId: w.client.id } })).rejects.toThrow(
      /cannot move/,
    );
    expect(await counts(w.carer.id)).toEqual({ kept: 3, counted: 3 });
  });

  // Two transactions at once, each change committed while the other waits: a count taken while
  // the other's change is uncommitted would miss it, and the kept count would drift for good.
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

    it("a submission and a care-team addition, in either order", async () => {
      const { w, second, assignments } = await twoClients();
      const [, , pending] = assignments as [number, number, number];
      const extra = await makeCaregiver(db, {
        clinicIds: [w.clinic.id],
        name: `Extra ${w.u}`,
        email: `extra-${w.u}@test.test`,
        username: `extra-${w.u}`,
      });
      const submit = `update "Assignment" set "feedbackStatus" = 'WAITING' where id = ${pending}`;
      const join = `insert into "CareTeamMember" ("clientId", "caregiverId") values (${second.id}, ${extra.id})`;
      await race([submit], [join]);
      expect(await counts(extra.id)).toEqual({ kept: 3, counted: 3 });

      const leave = `delete from "CareTeamMember" where "clientId" = ${second.id} and "caregiverId" = ${extra.id}`;
      const give = `update "Assignment" set "feedbackStatus" = 'GIVEN' where id = ${pending}`;
      await race([leave], [give]);
      expect(await counts(extra.id)).toEqual({ kept: 0, counted: 0 });
      await race([join], [submit]);
      expect(await counts(extra.id)).toEqual({ kept: 3, counted: 3 });
      expect(await counts(w.carer.id)).toEqual({ kept: 4, counted: 4 });
    });

    it("a submission and a new membership, in either order", async () => {
      const { w, assignments } = await twoClients();
      const [first, , pending] = assignments as [number, number, number];
      await db.caregiverClinic.delete({
        where: { caregiverId_clinicId: { caregiverId: w.outsider.id, clinicId: w.clinic.id } },
      });
      const member = `insert into "CaregiverClinic" ("caregiverId", "clinicId", "instituteId") values (${w.outsider.id}, ${w.clinic.id}, ${w.institute.id})`;
      await race([`update "Assignment" set "feedbackStatus" = 'WAITING' where id = ${pending}`], [member]);
      expect(await counts(w.outsider.id)).toEqual({ kept: 3, counted: 3 });

      await db.caregiverClinic.delete({
        where: { caregiverId_clinicId: { caregiverId: w.outsider.id, clinicId: w.clinic.id } },
      });
      await race([member], [`update "Assignment" set "feedbackStatus" = 'GIVEN' where id = ${first}`]);
      expect(await counts(w.outsider.id)).toEqual({ kept: 2, counted: 2 });
    });

    // A removal from a clinic and a submission: the removal must not lock the membership's row and
    // then wait for the lock that the submission, waiting for that row, holds shared (PostgreSQL
    // would abort one of the two as a deadlock). A third transaction holds one of the removal's
    // care-team rows, so the submission arrives while the removal is midway.
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
        await new Promise((r) => setTimeout(r, 300));
        await holder.query("commit");
        const outcomes = await Promise.allSettled([removal, submission]);
        expect(outcomes.map((o) => (o.status === "rejected" ? String(o.reason) : o.status))).toEqual([
          "fulfilled",
          "fulfilled",
        ]);
      } finally {
        holder.release();
      }
      expect(await counts(w.carer.id)).toEqual({ kept: 0, counted: 0 });
      expect(await counts(w.outsider.id)).toEqual({ kept: 3, counted: 3 });
    });
  });
});
