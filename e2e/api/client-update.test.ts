import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { formatDate } from "@/lib/dates";
import { makeCaregiver, makeClient, makeSession } from "@/prisma/factories";
import { expectProblem } from "./support/expect-problem";
import { untilWaitingOnLock } from "./support/lock-wait";
import { siblingClinic } from "./support/sibling-clinic";
import { webLogin } from "./support/web-login";
import { api, db, locationId, makeWorld, uid, type World } from "./support/world";

const path = (id: number) => `/gateway/profile/clinic/client/${id}`;
const TOKEN = "/gateway/uaa/oauth/token";

const form = (fields: Record<string, string>) => ({
  method: "POST",
  rawBody: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});

/** Everything a change of the client could touch: its row, its care team and its account. */
async function clientState(clientId: number) {
  const [client, careTeam, account] = await Promise.all([
    db.client.findUniqueOrThrow({ where: { id: clientId } }),
    db.careTeamMember.findMany({ where: { clientId }, orderBy: { caregiverId: "asc" } }),
    db.account.findUnique({ where: { clientId }, select: { heldByStatus: true, disabled: true } }),
  ]);
  return { client, careTeam, account };
}

async function patch(w: World, id: number, body: unknown, who: "staff" | "inst" = "staff") {
  return api(path(id), { method: "PATCH", token: await w.token(who), body });
}

/** A second open session of the world's client, owned by a second caregiver on its care team. */
async function secondOwner(w: World, opts: { closed?: boolean } = {}) {
  const second = await makeCaregiver(db, {
    clinicIds: [w.clinic.id],
    name: `Second ${w.u}`,
    email: `second-${uid()}@test.test`,
    position: "Nurse",
  });
  await db.careTeamMember.create({ data: { clientId: w.client.id, caregiverId: second.id } });
  const session = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: w.client.id,
    caregiverId: second.id,
    title: `Owned ${w.u}`,
    startAt: new Date(Date.now() - 86_400_000 * 10),
    closed: opts.closed,
  });
  return { second, session };
}

describe("PATCH /gateway/profile/clinic/client/{id}", () => {
  it("changes only the fields sent, for the clinic's staff and the institute, and the read shows them", async () => {
    const w = await makeWorld();
    const email = `New-${w.u}@Test.test`;
    const r = await patch(w, w.client.id, {
      name: "  Renamed Person ",
      email,
      mobile: "+33 6 12 34 56 78",
      language: "FR",
      externalClientId: `EHR-${w.u}`,
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id: w.client.id,
      name: "Renamed Person",
      email: email.toLowerCase(),
      mobile: "+33 6 12 34 56 78",
      language: "FR",
      externalClientId: `EHR-${w.u}`,
      status: "ACTIVE",
    });
    const read = await api(path(w.client.id), { token: await w.token("staff") });
    expect(read.json).toMatchObject({ name: "Renamed Person", email: email.toLowerCase(), language: "FR" });
    expect(read.json.careTeam.map((m: { id: number }) => m.id)).toEqual([w.carer.id]);

    // null removes an optional value; the institute may change its clinics' clients.
    const cleared = await patch(w, w.client.id, { mobile: null, externalClientId: null }, "inst");
    expect(cleared.status).toBe(200);
    expect(cleared.json).toMatchObject({ mobile: null, externalClientId: null, name: "Renamed Person" });
  });

  it("answers its dates in the caller's offset; a malformed or out-of-range offset is 400 and changes nothing", async () => {
    const w = await makeWorld();
    const { createdAt } = await db.client.findUniqueOrThrow({ where: { id: w.client.id } });
    const local = (minutes: number) => formatDate(createdAt, minutes);
    const token = await w.token("staff");
    for (const [offset, minutes] of [
      ["-03:30", -210],
      ["5.5", 330],
      ["14", 840],
    ] as const) {
      const r = await api(path(w.client.id), { method: "PATCH", token, headers: { offset }, body: { name: offset } });
      expect(r.status, r.text).toBe(200);
      expect(r.json.createDate, offset).toBe(local(minutes));
    }
    const utc = await patch(w, w.client.id, { name: "In UTC" });
    expect(utc.json.createDate).toBe(local(0));
    const before = await clientState(w.client.id);
    for (const offset of ["15", "abc", "+5:3"]) {
      const r = await api(path(w.client.id), {
        method: "PATCH",
        token,
        headers: { offset },
        body: { name: "Not stored" },
      });
      expectProblem(r, 400);
    }
    expect(await clientState(w.client.id)).toEqual(before);
  });

  it("adds and removes care providers; a closed session's owner may leave and the team may become empty", async () => {
    const w = await makeWorld();
    const { second } = await secondOwner(w, { closed: true });
    const added = await patch(w, w.client.id, { careTeam: { add: [w.outsider.id, w.carer.id] } });
    expect(added.status).toBe(200);
    const team = async () =>
      (await db.careTeamMember.findMany({ where: { clientId: w.client.id } })).map((m) => m.caregiverId).sort();
    expect(await team()).toEqual([w.carer.id, w.outsider.id, second.id].sort());
    // The outsider now reads the client; the second caregiver, once removed, no longer does.
    expect((await api(path(w.client.id), { token: await w.token("outsider") })).status).toBe(200);
    const removed = await patch(w, w.client.id, { careTeam: { remove: [second.id, w.outsider.id] } });
    expect(removed.status).toBe(200);
    expect(await team()).toEqual([w.carer.id]);
    expect((await api(path(w.client.id), { token: await w.token("outsider") })).status).toBe(404);
    // The carer owns the world's open session: close it, and the last member may leave too.
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const last = await patch(w, w.client.id, { careTeam: { remove: [w.carer.id] } });
    expect(last.status).toBe(200);
    expect(await team()).toEqual([]);
    expect((await api(path(w.client.id), { token: await w.token("staff") })).json.careTeam).toEqual([]);
  });

  it("refuses to remove the owner of open sessions with 409 naming them, and changes nothing else", async () => {
    const w = await makeWorld();
    const { second, session } = await secondOwner(w);
    const before = await clientState(w.client.id);
    const r = await patch(w, w.client.id, {
      name: "Not stored",
      careTeam: { add: [w.outsider.id], remove: [w.carer.id, second.id] },
    });
    expect(r.status).toBe(409);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.json.detail).toContain(`caregiver ${w.carer.id} owns open sessions of this client: ${w.session.id}`);
    expect(r.json.detail).toContain(`caregiver ${second.id} owns open sessions of this client: ${session.id}`);
    expect(r.json.errors.map((e: { path: string }) => e.path)).toEqual(["careTeam.remove.0", "careTeam.remove.1"]);
    expect(await clientState(w.client.id)).toEqual(before);
  });

  it("holds an INACTIVE client's sign-in at once: bearer, refresh, password and the pages; ACTIVE again signs in anew", async () => {
    const w = await makeWorld();
    const signIn = () => api(TOKEN, form({ grant_type: "password", username: `client-${w.u}`, password: w.password }));
    const first = await signIn();
    expect(first.status).toBe(200);
    const bearer: string = first.json.access_token;
    const refresh: string = first.json.refresh_token;
    const assignmentId = w.session.assignmentIds[3]; // PENDING: autosave is open to it
    if (assignmentId === undefined) throw new Error("the world's session has assignments");
    const autosave = (token: string) =>
      api(`/gateway/profile/client/assignment/${assignmentId}/autosave`, {
        method: "PUT",
        token,
        body: { answers: [{ questionKey: "q1", value: "x" }] },
      });
    expect((await autosave(bearer)).status).toBe(200);
    const ownList = "/gateway/profile/client/assignment?time-state=RUNNING";
    const page = await webLogin(`client-${w.u}`, w.password);
    expect((await api(ownList, { headers: { cookie: page ?? "" } })).status).toBe(200);

    const off = await patch(w, w.client.id, { status: "INACTIVE" });
    expect(off.status).toBe(200);
    expect(off.json.status).toBe("INACTIVE");
    expect((await autosave(bearer)).status).toBe(401);
    const refused = await api(TOKEN, form({ grant_type: "refresh_token", refresh_token: refresh }));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.json.error).toBe("invalid_grant");
    expect((await signIn()).status).toBeGreaterThanOrEqual(400);
    // The pages too: the web session ends, and the pages' password sign-in is refused.
    expect((await api(ownList, { headers: { cookie: page ?? "" } })).status).toBe(401);
    expect(await webLogin(`client-${w.u}`, w.password)).toBeNull();

    const on = await patch(w, w.client.id, { status: "ACTIVE" });
    expect(on.json.status).toBe("ACTIVE");
    const again = await signIn();
    expect(again.status).toBe(200);
    expect((await autosave(again.json.access_token)).status).toBe(200);
    const pageAgain = await webLogin(`client-${w.u}`, w.password);
    expect((await api(ownList, { headers: { cookie: pageAgain ?? "" } })).status).toBe(200);
    // The tokens of before the hold stay dead.
    expect((await autosave(bearer)).status).toBe(401);
    expect((await api(TOKEN, form({ grant_type: "refresh_token", refresh_token: refresh }))).json.error).toBe(
      "invalid_grant",
    );
  });

  it("a client created INACTIVE is held: its status reads INACTIVE, and an account made for it cannot sign in", async () => {
    const w = await makeWorld();
    const created = await api("/gateway/profile/clinic/client", {
      token: await w.token("staff"),
      body: { name: "Held From Start", email: `held-${w.u}@test.test`, status: "INACTIVE" },
    });
    expect(created.status).toBe(201);
    const id = locationId(created);
    expect((await api(path(id), { token: await w.token("staff") })).json.status).toBe("INACTIVE");
    // The factories (seed, tests) give an INACTIVE client's account its hold from the start.
    const username = `held-${w.u}`;
    await makeClient(db, {
      clinicId: w.clinic.id,
      name: "Held Too",
      email: `held-too-${w.u}@test.test`,
      status: "INACTIVE",
      username,
      password: w.password,
    });
    const signIn = await api(TOKEN, form({ grant_type: "password", username, password: w.password }));
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    expect(signIn.json.error).toBe("invalid_grant");
  });

  it("still writes the audit row of each read of the client after a change", async () => {
    const w = await makeWorld();
    expect((await patch(w, w.client.id, { name: "Audited" })).status).toBe(200);
    const reads = () => db.auditLog.count({ where: { action: "READ_CLIENT", targetId: w.client.id } });
    const before = await reads();
    expect((await api(path(w.client.id), { token: await w.token("staff") })).status).toBe(200);
    expect(await reads()).toBe(before + 1);
  });

  it("serialises a removal behind a concurrent session for that caregiver: 409, never an owner off the team", async () => {
    const w = await makeWorld();
    const { second } = await secondOwner(w, { closed: true });
    const conn = new pg.Client({ connectionString: inject("databaseUrl") });
    await conn.connect();
    try {
      // A scheduling of a session for `second`, not yet committed (as the scheduling operation
      // would write it: its insert holds the client row against a change of the client).
      await conn.query("begin");
      await conn.query(
        `insert into "Session" ("clinicId","clientId","caregiverId","title","chatId","startAt","updatedAt")
         values ($1,$2,$3,'Racing',$4,now(),now())`,
        [w.clinic.id, w.client.id, second.id, `race-${uid()}`],
      );
      const removal = patch(w, w.client.id, { careTeam: { remove: [second.id] } });
      // Wait until the removal waits on a lock, or has answered (without the client lock it answers).
      await Promise.race([untilWaitingOnLock(conn, '%from "Client"%for update%'), removal]);
      await conn.query("commit");
      const r = await removal;
      expect(r.status).toBe(409);
      const team = await db.careTeamMember.findMany({ where: { clientId: w.client.id, caregiverId: second.id } });
      expect(team).toHaveLength(1);
    } finally {
      await conn.end();
    }
  });
});

describe("PATCH /gateway/profile/clinic/client/{id}: refusals", () => {
  type Req = { id?: number; body?: unknown; raw?: string; type?: string; token?: string | null };
  type Case = {
    name: string;
    status: number;
    path?: string;
    request: (w: World, other: World) => Req | Promise<Req>;
  };
  const CASES: Case[] = [
    { name: "malformed JSON", status: 400, request: () => ({ raw: '{"name":', type: "application/json" }) },
    { name: "an empty change", status: 400, request: () => ({ body: {} }) },
    { name: "an unknown field", status: 400, request: () => ({ body: { name: "A", caregiverList: [1] } }) },
    { name: "an empty name", status: 400, path: "name", request: () => ({ body: { name: "  " } }) },
    { name: "a null name", status: 400, path: "name", request: () => ({ body: { name: null } }) },
    { name: "an invalid email", status: 400, path: "email", request: () => ({ body: { email: "nope" } }) },
    { name: "an invalid mobile", status: 400, path: "mobile", request: () => ({ body: { mobile: "12ab" } }) },
    { name: "an unknown language", status: 400, path: "language", request: () => ({ body: { language: "DE" } }) },
    { name: "an unknown status", status: 400, path: "status", request: () => ({ body: { status: "DELETED" } }) },
    {
      name: "adding and removing the same caregiver",
      status: 400,
      path: "careTeam",
      request: (w) => ({ body: { careTeam: { add: [w.outsider.id], remove: [w.outsider.id] } } }),
    },
    {
      name: "an empty care-team change",
      status: 400,
      path: "careTeam",
      request: () => ({ body: { careTeam: {} } }),
    },
    { name: "a path id of 0", status: 400, request: () => ({ id: 0, body: { name: "A" } }) },
    {
      name: "a text body",
      status: 415,
      request: () => ({ raw: JSON.stringify({ name: "A" }), type: "text/plain" }),
    },
    { name: "no token", status: 401, request: () => ({ body: { name: "A" }, token: null }) },
    {
      name: "a caregiver of the care team",
      status: 403,
      request: async (w) => ({ body: { name: "A" }, token: await w.token("carer") }),
    },
    {
      name: "the client",
      status: 403,
      request: async (w) => ({ body: { name: "A" }, token: await w.token("client") }),
    },
    { name: "an unknown client", status: 404, request: () => ({ id: 2_000_000_000, body: { name: "A" } }) },
    {
      name: "a sibling clinic's staff",
      status: 404,
      request: async (w) => ({ body: { name: "A" }, token: (await siblingClinic(w)).staffToken }),
    },
    {
      name: "a sibling clinic's staff adding their own care provider",
      status: 404,
      request: async (w) => {
        const sibling = await siblingClinic(w);
        return { body: { careTeam: { add: [sibling.carer.id] } }, token: sibling.staffToken };
      },
    },
    {
      name: "adding a care provider of a sibling clinic",
      status: 422,
      path: "careTeam.add.0",
      request: async (w) => ({ body: { careTeam: { add: [(await siblingClinic(w)).carer.id] } } }),
    },
    {
      name: "another institute's staff",
      status: 404,
      request: async (_w, o) => ({ body: { name: "A" }, token: await o.token("staff") }),
    },
    {
      name: "another institute",
      status: 404,
      request: async (_w, o) => ({ body: { name: "A" }, token: await o.token("inst") }),
    },
    {
      name: "the email of another client of the clinic",
      status: 409,
      path: "email",
      request: async (w) => ({ body: { email: (await otherClient(w)).email.toUpperCase() } }),
    },
    {
      name: "the externalClientId of another client of the clinic",
      status: 409,
      path: "externalClientId",
      request: async (w) => ({ body: { externalClientId: (await otherClient(w)).externalClientId } }),
    },
    {
      name: "adding a caregiver of another clinic",
      status: 422,
      path: "careTeam.add.0",
      request: (w, o) => ({ body: { name: "Not stored", careTeam: { add: [o.carer.id] } } }),
    },
    {
      name: "removing an unknown caregiver",
      status: 422,
      path: "careTeam.remove.0",
      request: () => ({ body: { careTeam: { remove: [2_000_000_000] } } }),
    },
  ];

  async function otherClient(w: World) {
    const email = `other-${uid()}@test.test`;
    const externalClientId = `OTHER-${uid()}`;
    await db.client.create({
      data: { clinicId: w.clinic.id, opptId: `o${uid()}`, name: "Other", email, externalClientId },
    });
    return { email, externalClientId };
  }

  it.each(CASES)("$name → $status problem+json, nothing changed", async (c) => {
    const [w, other] = await Promise.all([makeWorld(), makeWorld()]);
    const req = await c.request(w, other);
    const before = await clientState(w.client.id);
    const token = req.token === undefined ? await w.token("staff") : req.token;
    const r = await api(path(req.id ?? w.client.id), {
      method: "PATCH",
      token,
      ...(req.raw === undefined
        ? { body: req.body }
        : { rawBody: req.raw, headers: { "content-type": req.type ?? "" } }),
    });
    expect(r.status).toBe(c.status);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    expect(r.json).toMatchObject({ status: c.status, title: expect.any(String), detail: expect.any(String) });
    if (c.path) expect(r.json.errors.map((e: { path: string }) => e.path)).toContain(c.path);
    expect(await clientState(w.client.id)).toEqual(before);
  });
});
