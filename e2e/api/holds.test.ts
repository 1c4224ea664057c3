// Review findings on care providers' and clients' holds (docs/care-providers.md): a clinic does not
// take over a care provider other clinics of the institute employ; an account made by accepting an
// invitation carries the hold its person's status asks for, even racing a status change; a status
// change reads the status it replaces under its lock; reading a care provider never waits for a
// write; an invitation is open to every status that may sign in; the change body is strict.
import { readFile } from "node:fs/promises";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { makeAccount, makeCaregiver, makeClient, makeClinic } from "@/prisma/factories";
import { api, db, login, makeWorld, uid, type World } from "./support/world";
import { expectProblem } from "./support/expect-problem";
import { tokenOf } from "./support/invitation-link";
import { untilWaitingOnLock } from "./support/lock-wait";

const CAREGIVERS = "/gateway/profile/clinic/caregiver";
const ACCEPT = "/gateway/uaa/invitation";

const accept = (token: string, username = `user-${uid()}`, password = "a long enough password") =>
  api(ACCEPT, { body: { token, username, password } });

/** A care provider of a second clinic of the world's institute, without a sign-in. */
async function sharedCarer(w: World, activationStatus: "INVITED" | "ACTIVE" = "INVITED") {
  const u = uid();
  const clinicB = await makeClinic(db, { name: `B ${u}`, email: `b-${u}@test.test`, instituteId: w.institute.id });
  const person = await makeCaregiver(db, {
    clinicIds: [clinicB.id],
    name: `Shared ${u}`,
    email: `shared-${u}@test.test`,
    activationStatus,
  });
  return { clinicB, id: person.id, email: `shared-${u}@test.test` };
}

/** Runs `fire` while a test transaction holds `lockSql` (and ran `then`), commits once it waits. */
async function whileLocked<T>(
  lock: {
    sql: string;
    params: unknown[];
    then?: { sql: string; params: unknown[] }[];
    /** Run once the request waits (or has answered), before the commit. */
    afterWait?: { sql: string; params: unknown[] }[];
  },
  fire: () => Promise<T>,
): Promise<{ result: T; answeredWhileLocked: boolean }> {
  const sql = new pg.Client({ connectionString: inject("databaseUrl") });
  await sql.connect();
  try {
    await sql.query("begin");
    await sql.query(lock.sql, lock.params);
    for (const q of lock.then ?? []) await sql.query(q.sql, q.params);
    const done = { answered: false };
    const pending = fire().finally(() => (done.answered = true));
    await Promise.race([untilWaitingOnLock(sql), pending.catch(() => undefined)]);
    const answeredWhileLocked = done.answered;
    for (const q of lock.afterWait ?? []) await sql.query(q.sql, q.params);
    await sql.query("commit");
    return { result: await pending, answeredWhileLocked };
  } finally {
    await sql.end();
  }
}

describe("a care provider shared with other clinics", () => {
  it("a clinic that adds another clinic's care provider cannot re-status, invite or rename them (409); the institute can", async () => {
    const w = await makeWorld();
    const shared = await sharedCarer(w);
    const staff = await w.token("staff");
    const added = await api(CAREGIVERS, {
      token: staff,
      body: { name: "Taken Over", email: shared.email, position: "Nurse" },
    });
    expect(added.status, added.text).toBe(201);
    for (const body of [
      { activationStatus: "INVITED" },
      { activationStatus: "INACTIVE" },
      { name: "Renamed" },
      { mobile: "+44 20 7946 0101" },
      { position: "Nurse" },
      { language: "FR" },
    ]) {
      const r = await api(`${CAREGIVERS}/${shared.id}`, { token: staff, method: "PATCH", body });
      expectProblem(r, 409);
      expect(r.json.detail).toMatch(/other clinics/);
    }
    const inv = await api(`${CAREGIVERS}/${shared.id}/invitation`, { token: staff, method: "POST" });
    expectProblem(inv, 409);
    expect(await db.invitation.count({ where: { caregiverId: shared.id } })).toBe(0);
    const row = await db.caregiver.findUniqueOrThrow({ where: { id: shared.id } });
    expect(row).toMatchObject({ activationStatus: "INVITED", name: expect.stringMatching(/^Shared /), language: "EN" });
    // Their membership of the caller's own clinic stays the clinic's to end.
    const left = await api(`${CAREGIVERS}/${shared.id}`, {
      token: staff,
      method: "PATCH",
      body: { removeClinicIds: [w.clinic.id] },
    });
    expect(left.status, left.text).toBe(200);
    // The institute manages the person.
    const inst = await w.token("inst");
    const r = await api(`${CAREGIVERS}/${shared.id}`, { token: inst, method: "PATCH", body: { name: "By Institute" } });
    expect(r.status, r.text).toBe(200);
    const link = await api(`${CAREGIVERS}/${shared.id}/invitation?clinicId=${shared.clinicB.id}`, {
      token: inst,
      method: "POST",
    });
    expect(link.status, link.text).toBe(201);
  });

  it("a clinic still manages a care provider who works only in its clinic", async () => {
    const w = await makeWorld();
    const r = await api(`${CAREGIVERS}/${w.outsider.id}`, {
      token: await w.token("staff"),
      method: "PATCH",
      body: { name: "Own Person", activationStatus: "VERIFIED" },
    });
    expect(r.status, r.text).toBe(200);
  });
});

describe("holds under the person's lock", () => {
  it("accepting a client's invitation while their INACTIVE status commits leaves them without a sign-in", async () => {
    const w = await makeWorld();
    const u = uid();
    const client = await makeClient(db, { clinicId: w.clinic.id, name: `Race ${u}`, email: `race-${u}@test.test` });
    const link = await api(`/gateway/profile/clinic/client/${client.id}/invitation`, {
      token: await w.token("staff"),
      method: "POST",
    });
    expect(link.status, link.text).toBe(201);
    const username = `race-${u}`;
    // A status change in progress, as updateClient runs it: the client's row locked, INACTIVE written.
    const { result } = await whileLocked(
      {
        sql: `select id from "Client" where id = $1 for no key update`,
        params: [client.id],
        then: [{ sql: `update "Client" set status = 'INACTIVE' where id = $1`, params: [client.id] }],
      },
      () => accept(tokenOf(link.json.url), username),
    );
    const account = await db.account.findUnique({ where: { clientId: client.id }, select: { heldByStatus: true } });
    // Either refused, or an account that cannot sign in: never a working sign-in of an INACTIVE client.
    if (result.status === 201) expect(account?.heldByStatus).toBe(true);
    else expectProblem(result, 409);
    const r = await api(
      `/gateway/uaa/oauth/token?${new URLSearchParams({ grant_type: "password", username, password: "a long enough password" }).toString()}`,
      { method: "POST" },
    );
    expect(r.status).not.toBe(200);
  });

  it("a status change waiting behind another sets the hold its own status asks for", async () => {
    const w = await makeWorld();
    // Another PATCH to INACTIVE in progress: row locked, status and hold written, not yet committed.
    const { result } = await whileLocked(
      {
        sql: `select id from "Caregiver" where id = $1 for no key update`,
        params: [w.carer.id],
        then: [
          { sql: `update "Caregiver" set "activationStatus" = 'INACTIVE' where id = $1`, params: [w.carer.id] },
          { sql: `update "Account" set "heldByStatus" = true where "caregiverId" = $1`, params: [w.carer.id] },
        ],
      },
      async () =>
        api(`${CAREGIVERS}/${w.carer.id}`, {
          token: await w.token("staff"),
          method: "PATCH",
          body: { activationStatus: "ACTIVE" },
        }),
    );
    expect(result.status, result.text).toBe(200);
    expect(result.json.activationStatus).toBe("ACTIVE");
    await login(w.carer.username, w.password);
  });

  it("reading a care provider does not wait for a change in progress", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const { result, answeredWhileLocked } = await whileLocked(
      { sql: `select id from "Caregiver" where id = $1 for update`, params: [w.carer.id] },
      () => api(`${CAREGIVERS}/${w.carer.id}`, { token }),
    );
    expect(result.status).toBe(200);
    expect(answeredWhileLocked).toBe(true);
  });
});

describe("a clinic removal racing a scheduling", () => {
  it("waits for a scheduling that holds the client and then refuses the removal (409)", async () => {
    const w = await makeWorld();
    const u = uid();
    const clinicB = await makeClinic(db, { name: `B ${u}`, email: `b-${u}@test.test`, instituteId: w.institute.id });
    await db.caregiverClinic.create({
      data: { caregiverId: w.outsider.id, clinicId: clinicB.id, instituteId: w.institute.id },
    });
    await db.careTeamMember.create({ data: { clientId: w.client.id, caregiverId: w.outsider.id } });
    // A scheduling in progress, as scheduleSessions runs it: the client's row locked; the session
    // for the outsider is written once the removal has been sent.
    const { result } = await whileLocked(
      {
        sql: `select id from "Client" where id = $1 for no key update`,
        params: [w.client.id],
        afterWait: [
          {
            sql: `insert into "Session" ("clinicId", "clientId", "caregiverId", title, "chatId", "startAt", "updatedAt")
                  values ($1, $2, $3, 'Raced', $4, now(), now())`,
            params: [w.clinic.id, w.client.id, w.outsider.id, `race-${u}`],
          },
        ],
      },
      async () =>
        api(`${CAREGIVERS}/${w.outsider.id}`, {
          token: await w.token("inst"),
          method: "PATCH",
          body: { removeClinicIds: [w.clinic.id] },
        }),
    );
    expectProblem(result, 409);
    // Whatever the order, no open session is owned by a care provider outside its clinic.
    const open = await db.session.findMany({
      where: { caregiverId: w.outsider.id, closedAt: null },
      select: { clinicId: true },
    });
    const clinics = await db.caregiverClinic.findMany({
      where: { caregiverId: w.outsider.id },
      select: { clinicId: true },
    });
    for (const s of open) expect(clinics.map((c) => c.clinicId)).toContain(s.clinicId);
  });
});

describe("invitations for people who may sign in", () => {
  it("an ACTIVE or VERIFIED care provider without a sign-in gets a link and keeps their status", async () => {
    const w = await makeWorld();
    for (const status of ["ACTIVE", "VERIFIED"] as const) {
      const u = uid();
      const c = await makeCaregiver(db, {
        clinicIds: [w.clinic.id],
        name: `S ${u}`,
        email: `s-${u}@test.test`,
        activationStatus: status,
      });
      const link = await api(`${CAREGIVERS}/${c.id}/invitation`, { token: await w.token("staff"), method: "POST" });
      expect(link.status, link.text).toBe(201);
      const username = `s-${u}`;
      const r = await accept(tokenOf(link.json.url), username);
      expect(r.status, r.text).toBe(201);
      expect((await db.caregiver.findUniqueOrThrow({ where: { id: c.id } })).activationStatus).toBe(status);
      await login(username, "a long enough password");
    }
  });
});

describe("strict change body and clinicId 0", () => {
  it("PATCH refuses an unknown field and an empty change (400), changing nothing", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    for (const body of [{}, { name: "X", nickname: "Y" }]) {
      const r = await api(`${CAREGIVERS}/${w.outsider.id}`, { token, method: "PATCH", body });
      expectProblem(r, 400);
    }
    expect((await db.caregiver.findUniqueOrThrow({ where: { id: w.outsider.id } })).name).toBe(w.outsider.name);
  });

  it("an invitation's clinicId 0 is the caller's clinic", async () => {
    const w = await makeWorld();
    const u = uid();
    const c = await makeCaregiver(db, {
      clinicIds: [w.clinic.id],
      name: `Z ${u}`,
      email: `z-${u}@test.test`,
      activationStatus: "INVITED",
    });
    const r = await api(`${CAREGIVERS}/${c.id}/invitation?clinicId=0`, {
      token: await w.token("staff"),
      method: "POST",
    });
    expect(r.status, r.text).toBe(201);
  });
});

describe("migration 20261122180000_hold_inactive_clients", () => {
  it("holds the accounts of INACTIVE clients and of care providers who may not sign in, and no others", async () => {
    const w = await makeWorld();
    const u = uid();
    const inactive = await makeClient(db, { clinicId: w.clinic.id, name: `I ${u}`, email: `i-${u}@test.test` });
    await db.client.update({ where: { id: inactive.id }, data: { status: "INACTIVE" } });
    await makeAccount(db, { username: `mi-${u}`, password: "x", role: "CLIENT", clientId: inactive.id });
    const declined = await makeCaregiver(db, {
      clinicIds: [w.clinic.id],
      name: `D ${u}`,
      email: `d-${u}@test.test`,
      activationStatus: "DECLINED",
    });
    await makeAccount(db, { username: `md-${u}`, password: "x", role: "CAREGIVER", caregiverId: declined.id });
    const sql = await readFile("prisma/migrations/20261122180000_hold_inactive_clients/migration.sql", "utf8");
    await db.$executeRawUnsafe(`do $$ begin ${sql} end $$`);
    const held = async (username: string) =>
      (await db.account.findUniqueOrThrow({ where: { username }, select: { heldByStatus: true } })).heldByStatus;
    expect(await held(`mi-${u}`)).toBe(true);
    expect(await held(`md-${u}`)).toBe(true);
    expect(await held(`client-${w.u}`)).toBe(false);
    expect(await held(`carer-${w.u}`)).toBe(false);
  });
});
