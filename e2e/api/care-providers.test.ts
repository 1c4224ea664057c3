// Adding and managing care providers (decisions.md, "Add a care provider"): every status and error
// of the creation, nothing stored by a rejected request, isolation between clinics and institutes,
// and a status change that takes effect on the person's existing bearer tokens and web sessions.
import { describe, expect, it } from "vitest";
import { makeClient, makeClinic } from "@/prisma/factories";
import { webLogin } from "./support/web-login";
import { api, db, locationId, login, makeWorld, uid, type World } from "./support/world";
import { expectProblem } from "./support/expect-problem";

const CAREGIVERS = "/gateway/profile/clinic/caregiver";

/** Everything a creation could store, in the world's institute. */
const stored = async (w: World) => ({
  caregivers: await db.caregiver.count({ where: { instituteId: w.institute.id } }),
  memberships: await db.caregiverClinic.count({ where: { instituteId: w.institute.id } }),
  careTeam: await db.careTeamMember.count({ where: { client: { clinic: { instituteId: w.institute.id } } } }),
});

const body = (over: Record<string, unknown> = {}) => {
  const u = uid();
  return { name: `New Carer ${u}`, email: `new-${u}@test.test`, position: "Therapist", ...over };
};

/** A second clinic of the world's institute, with the world's outsider working there too. */
async function secondClinic(w: World) {
  const u = uid();
  const clinic = await makeClinic(db, {
    name: `Second ${u}`,
    email: `second-${u}@test.test`,
    instituteId: w.institute.id,
  });
  await db.caregiverClinic.create({
    data: { caregiverId: w.outsider.id, clinicId: clinic.id, instituteId: w.institute.id },
  });
  return clinic;
}

describe("POST /gateway/profile/clinic/caregiver", () => {
  it("adds a care provider with every field: 201, empty body, location; the detail reads it back", async () => {
    const w = await makeWorld();
    const b = body({
      mobile: "+44 20 7946 0100",
      language: "FR",
      activationStatus: "PENDING",
      clientIds: [w.client.id],
      clinicId: w.clinic.id,
    });
    const r = await api(CAREGIVERS, { token: await w.token("staff"), body: b });
    expect(r.status, r.text).toBe(201);
    expect(r.text).toBe("");
    const id = Number(/^\/caregiver\/(\d+)$/.exec(r.headers.get("location") ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    const detail = await api(`${CAREGIVERS}/${id}`, { token: await w.token("staff") });
    expect(detail.status).toBe(200);
    expect(detail.json).toEqual({
      id,
      name: b.name,
      email: b.email,
      mobile: "+44 20 7946 0100",
      position: "Therapist",
      language: "FR",
      activationStatus: "PENDING",
      clinics: [{ id: w.clinic.id, name: `Clinic ${w.u}` }],
      hasSignIn: false,
      invitation: null,
    });
    const team = await db.careTeamMember.findMany({ where: { clientId: w.client.id }, select: { caregiverId: true } });
    expect(team.map((t) => t.caregiverId)).toContain(id);
    const list = await api(`${CAREGIVERS}?size=100`, { token: await w.token("staff") });
    expect(list.json.content).toContainEqual({
      id,
      name: b.name,
      email: b.email,
      position: "Therapist",
      activationStatus: "PENDING",
      hasSignIn: false,
    });
  });

  it("takes OPTT's sample body: clinicId 0 is the caller's clinic; the status defaults to INVITED", async () => {
    const w = await makeWorld();
    const b = body({ mobile: "+1 555 0100 123", language: "EN", clientIds: [], clinicId: 0 });
    const r = await api(CAREGIVERS, { token: await w.token("staff"), body: b });
    expect(r.status, r.text).toBe(201);
    const c = await db.caregiver.findFirstOrThrow({
      where: { email: b.email },
      select: { activationStatus: true, instituteId: true, clinics: { select: { clinicId: true } } },
    });
    expect(c).toEqual({
      activationStatus: "INVITED",
      instituteId: w.institute.id,
      clinics: [{ clinicId: w.clinic.id }],
    });
  });

  it("answers 400 for bad fields, naming each, and stores nothing", async () => {
    const w = await makeWorld();
    const before = await stored(w);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body(), email: undefined }, "email"],
      [body({ email: "not-an-email" }), "email"],
      [{ ...body(), position: undefined }, "position"],
      [body({ position: "" }), "position"],
      [{ ...body(), name: undefined }, "name"],
      [body({ activationStatus: "SLEEPING" }), "activationStatus"],
      [body({ language: "DE" }), "language"],
      [body({ mobile: "call me" }), "mobile"],
      [body({ clientIds: [w.client.id, w.client.id] }), "clientIds"],
      [body({ clientIds: ["x"] }), "clientIds.0"],
      [body({ clinicId: -1 }), "clinicId"],
    ];
    for (const [b, path] of cases)
      expectProblem(await api(CAREGIVERS, { token: await w.token("staff"), body: b }), 400, path);
    expectProblem(await api(CAREGIVERS, { token: await w.token("inst"), body: body() }), 400, "clinicId");
    expect(await stored(w)).toEqual(before);
  });

  it("answers 404 for a clinic outside the caller's scope, for staff and institute alike", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const before = await stored(w);
    expectProblem(
      await api(CAREGIVERS, { token: await w.token("staff"), body: body({ clinicId: other.clinic.id }) }),
      404,
    );
    const sibling = await secondClinic(w);
    expectProblem(await api(CAREGIVERS, { token: await w.token("staff"), body: body({ clinicId: sibling.id }) }), 404);
    expectProblem(
      await api(CAREGIVERS, { token: await w.token("inst"), body: body({ clinicId: other.clinic.id }) }),
      404,
    );
    expectProblem(
      await api(CAREGIVERS, { token: await w.token("inst"), body: body({ clinicId: 2_000_000_000 }) }),
      404,
    );
    expect((await stored(w)).caregivers).toBe(before.caregivers);
    expect(await db.caregiver.count({ where: { instituteId: other.institute.id } })).toBe(2);
  });

  it("answers 403 to a caregiver and a client", async () => {
    const w = await makeWorld();
    expectProblem(await api(CAREGIVERS, { token: await w.token("carer"), body: body() }), 403);
    expectProblem(await api(CAREGIVERS, { token: await w.token("client"), body: body() }), 403);
  });

  it("answers 409 for an email already in the clinic (in any case) and stores nothing", async () => {
    const w = await makeWorld();
    const before = await stored(w);
    const r = await api(CAREGIVERS, {
      token: await w.token("staff"),
      body: body({ email: w.outsider.email.toUpperCase(), clientIds: [w.client.id] }),
    });
    expectProblem(r, 409, "email");
    expect(await stored(w)).toEqual(before);
  });

  it("answers 422 for a client id that is not a client of the clinic (a sibling clinic's, another institute's, none), and stores nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const sibling = await secondClinic(w);
    const u = uid();
    const siblings = await makeClient(db, { clinicId: sibling.id, name: `Sib ${u}`, email: `sib-${u}@test.test` });
    const before = await stored(w);
    for (const id of [siblings.id, other.client.id, 2_000_000_000]) {
      const b = body({ clientIds: [w.client.id, id] });
      expectProblem(await api(CAREGIVERS, { token: await w.token("staff"), body: b }), 422, "clientIds.1");
      expect(await db.caregiver.count({ where: { email: b.email } })).toBe(0);
    }
    expect(await stored(w)).toEqual(before);
  });

  it("adds the institute's existing care provider to another clinic: one person, their fields unchanged", async () => {
    const w = await makeWorld();
    const u = uid();
    const second = await makeClinic(db, {
      name: `Second ${u}`,
      email: `second-${u}@test.test`,
      instituteId: w.institute.id,
    });
    const r = await api(CAREGIVERS, {
      token: await w.token("inst"),
      body: body({
        email: w.carer.email,
        name: "Someone Else",
        position: "Nurse",
        activationStatus: "DECLINED",
        clinicId: second.id,
      }),
    });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("location")).toBe(`/caregiver/${w.carer.id}`);
    const c = await db.caregiver.findUniqueOrThrow({
      where: { id: w.carer.id },
      select: {
        name: true,
        position: true,
        activationStatus: true,
        clinics: { select: { clinicId: true }, orderBy: { clinicId: "asc" } },
      },
    });
    expect(c).toEqual({
      name: w.carer.name,
      position: "Psychologist",
      activationStatus: "ACTIVE",
      clinics: [{ clinicId: w.clinic.id }, { clinicId: second.id }],
    });
    expect(await db.caregiver.count({ where: { email: w.carer.email } })).toBe(1);
    // They still sign in: nothing of their account changed.
    await login(w.carer.username, w.password);
  });

  it("adds one new email to two clinics at once (the second twice) as one after the other would: one person in both, one 409", async () => {
    const w = await makeWorld();
    const second = await makeClinic(db, {
      name: `Second ${uid()}`,
      email: `second-${uid()}@test.test`,
      instituteId: w.institute.id,
    });
    const token = await w.token("inst");
    for (let round = 0; round < 10; round++) {
      const b = body();
      const answers = await Promise.all(
        [w.clinic.id, second.id, second.id].map((clinicId) => api(CAREGIVERS, { token, body: { ...b, clinicId } })),
      );
      const [first, ...seconds] = answers;
      expect(first?.status, first?.text).toBe(201);
      expect(seconds.map((r) => r.status).toSorted(), seconds.map((r) => r.text).join(" ")).toEqual([201, 409]);
      const created = answers.filter((r) => r.status === 201);
      expect(new Set(created.map((r) => r.headers.get("location"))).size).toBe(1);
      const person = await db.caregiver.findMany({
        where: { instituteId: w.institute.id, email: b.email },
        select: { clinics: { select: { clinicId: true }, orderBy: { clinicId: "asc" } } },
      });
      expect(person).toEqual([{ clinics: [{ clinicId: w.clinic.id }, { clinicId: second.id }] }]);
    }
  });

  it("adds one new email to one clinic twice at once: one 201, one 409, one person", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    for (let round = 0; round < 10; round++) {
      const b = body();
      const answers = await Promise.all([0, 1].map(() => api(CAREGIVERS, { token, body: b })));
      expect(answers.map((r) => r.status).toSorted()).toEqual([201, 409]);
      const loser = answers.find((r) => r.status === 409);
      if (loser) expectProblem(loser, 409, "email");
      expect(await db.caregiverClinic.count({ where: { caregiver: { email: b.email } } })).toBe(1);
    }
  });

  it("creates a new person for an email of another institute's care provider", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const r = await api(CAREGIVERS, { token: await other.token("staff"), body: body({ email: w.carer.email }) });
    expect(r.status, r.text).toBe(201);
    const id = locationId(r);
    expect(id).not.toBe(w.carer.id);
    const people = await db.caregiver.findMany({
      where: { email: w.carer.email },
      select: { id: true, instituteId: true },
    });
    expect(people).toHaveLength(2);
    expect(await db.caregiverClinic.count({ where: { caregiverId: w.carer.id } })).toBe(1);
    // The first institute's staff do not see the second institute's person.
    expectProblem(await api(`${CAREGIVERS}/${id}`, { token: await w.token("staff") }), 404);
  });
});

describe("reading and changing a care provider", () => {
  it("keeps clinics and institutes apart: 404 for anyone else's care provider", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const u = uid();
    const sibling = await makeClinic(db, {
      name: `Sib ${u}`,
      email: `sib-${u}@test.test`,
      instituteId: w.institute.id,
    });
    const created = await api(CAREGIVERS, { token: await w.token("inst"), body: body({ clinicId: sibling.id }) });
    const siblingCarer = locationId(created);
    for (const [token, id] of [
      [await w.token("staff"), siblingCarer],
      [await w.token("staff"), other.carer.id],
      [await w.token("inst"), other.carer.id],
      [await w.token("staff"), 2_000_000_000],
    ] as const) {
      expectProblem(await api(`${CAREGIVERS}/${id}`, { token }), 404);
      expectProblem(await api(`${CAREGIVERS}/${id}`, { token, method: "PATCH", body: { position: "X" } }), 404);
      expectProblem(await api(`${CAREGIVERS}/${id}/invitation`, { token, method: "POST" }), 404);
    }
    expect((await api(`${CAREGIVERS}/${siblingCarer}`, { token: await w.token("inst") })).status).toBe(200);
    expect((await db.caregiver.findUniqueOrThrow({ where: { id: other.carer.id } })).position).toBe("Psychologist");
    expectProblem(await api(`${CAREGIVERS}/${w.carer.id}`, { token: await w.token("carer") }), 403);
  });

  it("changes name, mobile, language and position", async () => {
    const w = await makeWorld();
    const r = await api(`${CAREGIVERS}/${w.outsider.id}`, {
      token: await w.token("staff"),
      method: "PATCH",
      body: { name: "Renamed Person", mobile: "+33 1 23 45 67 89", language: "FR", position: "Head nurse" },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      id: w.outsider.id,
      name: "Renamed Person",
      mobile: "+33 1 23 45 67 89",
      language: "FR",
      position: "Head nurse",
      activationStatus: "ACTIVE",
      hasSignIn: true,
    });
    const cleared = await api(`${CAREGIVERS}/${w.outsider.id}`, {
      token: await w.token("staff"),
      method: "PATCH",
      body: { mobile: null },
    });
    expect(cleared.json.mobile).toBeNull();
    expectProblem(
      await api(`${CAREGIVERS}/${w.outsider.id}`, {
        token: await w.token("staff"),
        method: "PATCH",
        body: { activationStatus: "GONE" },
      }),
      400,
      "activationStatus",
    );
  });

  it("INACTIVE ends the caregiver's bearer token and web session at once; DECLINED and PENDING sign in nowhere; ACTIVE lets them sign in again", async () => {
    const w = await makeWorld();
    const bearer = await w.token("carer");
    const cookie = await webLogin(w.carer.username, w.password);
    expect(cookie).not.toBeNull();
    const sessions = "/gateway/profile/caregiver/session";
    expect((await api(sessions, { token: bearer })).status).toBe(200);
    expect((await api(sessions, { headers: { cookie: cookie ?? "" } })).status).toBe(200);
    const r = await api(`${CAREGIVERS}/${w.carer.id}`, {
      token: await w.token("staff"),
      method: "PATCH",
      body: { activationStatus: "INACTIVE" },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.activationStatus).toBe("INACTIVE");
    expect((await api(sessions, { token: bearer })).status).toBe(401);
    expect((await api(sessions, { headers: { cookie: cookie ?? "" } })).status).toBe(401);
    await expect(login(w.carer.username, w.password)).rejects.toThrow(/failed: 40/);
    expect(await webLogin(w.carer.username, w.password)).toBeNull();
    for (const held of ["DECLINED", "PENDING"] as const) {
      await api(`${CAREGIVERS}/${w.carer.id}`, {
        token: await w.token("staff"),
        method: "PATCH",
        body: { activationStatus: held },
      });
      await expect(login(w.carer.username, w.password)).rejects.toThrow(/failed: 40/);
      expect(await webLogin(w.carer.username, w.password), held).toBeNull();
    }
    for (const free of ["VERIFIED", "ACTIVE"] as const) {
      await api(`${CAREGIVERS}/${w.carer.id}`, {
        token: await w.token("staff"),
        method: "PATCH",
        body: { activationStatus: free },
      });
      const fresh = await login(w.carer.username, w.password);
      expect((await api(sessions, { token: fresh })).status).toBe(200);
      const page = await webLogin(w.carer.username, w.password);
      expect((await api(sessions, { headers: { cookie: page ?? "" } })).status, free).toBe(200);
    }
    // The old token stays revoked: lifting a hold brings back nothing it ended.
    expect((await api(sessions, { token: bearer })).status).toBe(401);
  });

  it("changes clinics: an institute adds and removes any of its clinics; a clinic only its own", async () => {
    const w = await makeWorld();
    const sibling = await secondClinic(w);
    const other = await makeWorld();
    const staff = await w.token("staff");
    const patch = (token: string, b: Record<string, unknown>, id = w.outsider.id) =>
      api(`${CAREGIVERS}/${id}`, { token, method: "PATCH", body: b });
    expectProblem(await patch(staff, { addClinicIds: [sibling.id] }), 404);
    expectProblem(await patch(staff, { removeClinicIds: [sibling.id] }), 404);
    expectProblem(await patch(await w.token("inst"), { addClinicIds: [other.clinic.id] }), 404);
    expectProblem(await patch(staff, { addClinicIds: [w.clinic.id], removeClinicIds: [w.clinic.id] }), 400);
    expect(await db.caregiverClinic.count({ where: { caregiverId: w.outsider.id } })).toBe(2);
    // The outsider joins the client's care team, then the clinic removes them: membership and care team go.
    await db.careTeamMember.create({ data: { clientId: w.client.id, caregiverId: w.outsider.id } });
    const removed = await patch(staff, { removeClinicIds: [w.clinic.id] });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.clinics).toEqual([{ id: sibling.id, name: sibling.name }]);
    expect(await db.careTeamMember.count({ where: { caregiverId: w.outsider.id } })).toBe(0);
    expectProblem(await api(`${CAREGIVERS}/${w.outsider.id}`, { token: staff }), 404);
    // Their last clinic cannot go; the institute adds this clinic back.
    expectProblem(await patch(await w.token("inst"), { removeClinicIds: [sibling.id] }), 409, "removeClinicIds");
    const back = await patch(await w.token("inst"), { addClinicIds: [w.clinic.id] });
    expect(back.json.clinics.map((c: { id: number }) => c.id).sort()).toEqual([w.clinic.id, sibling.id].sort());
  });

  it("refuses to remove a clinic where the care provider owns an open session (409), changing nothing", async () => {
    const w = await makeWorld();
    await db.caregiverClinic.create({
      data: { caregiverId: w.carer.id, clinicId: (await secondClinic(w)).id, instituteId: w.institute.id },
    });
    const r = await api(`${CAREGIVERS}/${w.carer.id}`, {
      token: await w.token("staff"),
      method: "PATCH",
      body: { position: "Changed", removeClinicIds: [w.clinic.id] },
    });
    expectProblem(r, 409, "removeClinicIds.0");
    const c = await db.caregiver.findUniqueOrThrow({
      where: { id: w.carer.id },
      select: { position: true, clinics: { select: { clinicId: true } }, careTeams: { select: { clientId: true } } },
    });
    expect(c.position).toBe("Psychologist");
    expect(c.clinics).toHaveLength(2);
    expect(c.careTeams).toEqual([{ clientId: w.client.id }]);
  });
});

// Found by a review as a clinic's staff member (2026-12-06, docs/ui.md): a care provider's page
// could not say whose care team they are on, nor put them on more; the client list now takes
// `caregiverId`, and the care provider's change takes `addClientIds` and `removeClientIds`.
describe("a care provider's care teams", () => {
  const CLIENTS = "/gateway/profile/clinic/client";
  const teamOf = async (caregiverId: number) =>
    (await db.careTeamMember.findMany({ where: { caregiverId }, select: { clientId: true } }))
      .map((m) => m.clientId)
      .sort((a, b) => a - b);
  const listed = async (token: string, query: string) => {
    const r = await api(`${CLIENTS}?${query}`, { token });
    expect(r.status, r.text).toBe(200);
    return r.json as { content: { id: number }[]; totalElements: number; totalPages: number };
  };
  const clientOf = (w: World, name: string) =>
    makeClient(db, { clinicId: w.clinic.id, name: `${name} ${w.u}`, email: `${name}-${w.u}@test.test` });

  it("the client list's caregiverId keeps the clients whose care team they are on; paged, searched, empty for anyone else's", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const staff = await w.token("staff");
    const a = await clientOf(w, "ann");
    const b = await clientOf(w, "bob");
    await db.careTeamMember.createMany({
      data: [a.id, b.id].map((clientId) => ({ clientId, caregiverId: w.carer.id })),
    });
    const ofCarer = await listed(staff, `caregiverId=${String(w.carer.id)}&size=2`);
    expect(ofCarer).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(ofCarer.content.map((c) => c.id)).toEqual([b.id, a.id]);
    expect((await listed(staff, `caregiverId=${String(w.carer.id)}&size=2&page=1`)).content).toEqual([
      expect.objectContaining({ id: w.client.id }),
    ]);
    expect(
      (await listed(staff, `caregiverId=${String(w.carer.id)}&search=${encodeURIComponent(`ann ${w.u}`)}`)).content,
    ).toEqual([expect.objectContaining({ id: a.id })]);
    // The institute names the clinic, as for the whole list.
    expect(
      (await listed(await w.token("inst"), `clinicId=${String(w.clinic.id)}&caregiverId=${String(w.carer.id)}`))
        .totalElements,
    ).toBe(3);
    // On no care team; another institute's care provider (on their own client's team); no one: an
    // empty page, as the session list's clientId, never another clinic's clients.
    for (const id of [w.outsider.id, other.carer.id, 2_000_000_000])
      expect(await listed(staff, `caregiverId=${String(id)}`), String(id)).toMatchObject({
        content: [],
        totalElements: 0,
      });
    for (const bad of ["caregiverId=0", "caregiverId=abc", "caregiverId=-3"])
      expectProblem(await api(`${CLIENTS}?${bad}`, { token: staff }), 400, "query.caregiverId");
  });

  it("puts a care provider on clients' care teams and takes them off; a retry changes nothing", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    const a = await clientOf(w, "ann");
    const b = await clientOf(w, "bob");
    const patch = (body: Record<string, unknown>) =>
      api(`${CAREGIVERS}/${String(w.outsider.id)}`, { token: staff, method: "PATCH", body });
    const added = await patch({ addClientIds: [b.id, a.id] });
    expect(added.status, added.text).toBe(200);
    expect(added.json.id).toBe(w.outsider.id);
    expect(await teamOf(w.outsider.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    // Adding a member again, and removing one who is not on the team: nothing changes, 200.
    expect((await patch({ addClientIds: [a.id], removeClientIds: [w.client.id] })).status).toBe(200);
    expect(await teamOf(w.outsider.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    const removed = await patch({ removeClientIds: [a.id] });
    expect(removed.status, removed.text).toBe(200);
    expect((await patch({ removeClientIds: [a.id] })).status).toBe(200);
    expect(await teamOf(w.outsider.id)).toEqual([b.id]);
    // The client's page shows the change; the rest of each team is untouched.
    const client = await api(`${CLIENTS}/${String(b.id)}`, { token: staff });
    expect(client.json.careTeam.map((m: { id: number }) => m.id)).toEqual([w.outsider.id]);
    expect(await teamOf(w.carer.id)).toEqual([w.client.id]);
    // A client's edit and the care provider's change are the same care team.
    expect((await listed(staff, `caregiverId=${String(w.outsider.id)}`)).content.map((c) => c.id)).toEqual([b.id]);

    // An institute puts them on the teams of any of its clinics' clients where they work.
    const sibling = await secondClinic(w);
    const there = await makeClient(db, {
      clinicId: sibling.id,
      name: `There ${w.u}`,
      email: `there-${w.u}@test.test`,
    });
    const byInstitute = await api(`${CAREGIVERS}/${String(w.outsider.id)}`, {
      token: await w.token("inst"),
      method: "PATCH",
      body: { addClientIds: [there.id, a.id] },
    });
    expect(byInstitute.status, byInstitute.text).toBe(200);
    expect(await teamOf(w.outsider.id)).toEqual([a.id, b.id, there.id].sort((x, y) => x - y));
  });

  it("refuses a client of another clinic, another institute, an erased one or none (422 naming each) and changes nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const staff = await w.token("staff");
    const u = uid();
    const sibling = await makeClinic(db, {
      name: `Sib ${u}`,
      email: `sib-${u}@test.test`,
      instituteId: w.institute.id,
    });
    const siblings = await makeClient(db, {
      clinicId: sibling.id,
      name: `Sib client ${u}`,
      email: `sc-${u}@test.test`,
    });
    const erased = await clientOf(w, "erased");
    await db.client.update({ where: { id: erased.id }, data: { erasedAt: new Date() } });
    const mine = await clientOf(w, "mine");
    const before = { outsider: await teamOf(w.outsider.id), carer: await teamOf(w.carer.id) };
    const { position } = await db.caregiver.findUniqueOrThrow({ where: { id: w.outsider.id } });
    const refused = await api(`${CAREGIVERS}/${String(w.outsider.id)}`, {
      token: staff,
      method: "PATCH",
      body: {
        position: "Changed",
        addClientIds: [mine.id, siblings.id, other.client.id],
        removeClientIds: [erased.id, 2_000_000_000],
      },
    });
    expectProblem(refused, 422);
    expect(refused.json.errors.map((e: { path: string }) => e.path)).toEqual([
      "addClientIds.1",
      "addClientIds.2",
      "removeClientIds.0",
      "removeClientIds.1",
    ]);
    expect(refused.json.detail).toContain(`client ${String(siblings.id)} is not a client of the clinic`);
    // The institute's sibling clinic is the institute's, but the care provider does not work there.
    const byInstitute = await api(`${CAREGIVERS}/${String(w.outsider.id)}`, {
      token: await w.token("inst"),
      method: "PATCH",
      body: { addClientIds: [siblings.id] },
    });
    expectProblem(byInstitute, 422, "addClientIds.0");
    // Leaving the clinic in the same request: its clients are no longer theirs to join.
    await db.caregiverClinic.create({
      data: { caregiverId: w.outsider.id, clinicId: sibling.id, instituteId: w.institute.id },
    });
    expectProblem(
      await api(`${CAREGIVERS}/${String(w.outsider.id)}`, {
        token: await w.token("inst"),
        method: "PATCH",
        body: { removeClinicIds: [w.clinic.id], addClientIds: [mine.id] },
      }),
      422,
      "addClientIds.0",
    );
    expect({ outsider: await teamOf(w.outsider.id), carer: await teamOf(w.carer.id) }).toEqual(before);
    expect(await db.caregiverClinic.count({ where: { caregiverId: w.outsider.id } })).toBe(2);
    expect((await db.caregiver.findUniqueOrThrow({ where: { id: w.outsider.id } })).position).toBe(position);
    expect(await teamOf(other.carer.id)).toEqual([other.client.id]);
    // A body naming a client twice, or in both lists: 400.
    for (const [b, path] of [
      [{ addClientIds: [mine.id, mine.id] }, "addClientIds"],
      [{ addClientIds: [mine.id], removeClientIds: [mine.id] }, "addClientIds.0"],
      [{ removeClientIds: [0] }, "removeClientIds.0"],
    ] as const)
      expectProblem(
        await api(`${CAREGIVERS}/${String(w.outsider.id)}`, { token: staff, method: "PATCH", body: b }),
        400,
        path,
      );
    expect(await teamOf(w.outsider.id)).toEqual(before.outsider);
  });

  it("refuses to take the owner of an open session off the client's team (409), changing nothing; closed, they may leave", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    const other = await clientOf(w, "other");
    await db.careTeamMember.create({ data: { clientId: other.id, caregiverId: w.carer.id } });
    const r = await api(`${CAREGIVERS}/${String(w.carer.id)}`, {
      token: staff,
      method: "PATCH",
      body: { removeClientIds: [other.id, w.client.id] },
    });
    expectProblem(r, 409, "removeClientIds.1");
    expect(r.json.errors).toHaveLength(1);
    expect(r.json.detail).toContain(`open sessions of client ${String(w.client.id)}: ${String(w.session.id)}`);
    expect(await teamOf(w.carer.id)).toEqual([w.client.id, other.id].sort((a, b) => a - b));
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const closed = await api(`${CAREGIVERS}/${String(w.carer.id)}`, {
      token: staff,
      method: "PATCH",
      body: { removeClientIds: [other.id, w.client.id] },
    });
    expect(closed.status, closed.text).toBe(200);
    expect(await teamOf(w.carer.id)).toEqual([]);
  });
});
