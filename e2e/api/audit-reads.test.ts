// Reads that showed what a session holds without writing their audit row (found by the audit review
// of 2026-11-29): the session list (titles and counts of homework), when each assignment starts, is
// due and is reminded, a session's documents (their names) and the list of conversations (sessions'
// titles and clients' names). Each now writes one READ_SESSION row per session shown, by the reader.
import { describe, expect, it } from "vitest";
import { makeClient } from "@/prisma/factories";
import { PNG_1x1, api, db, makeWorld, readBy } from "./support/world";

const accountOf = (username: string) =>
  db.account.findFirstOrThrow({ where: { username }, select: { id: true } }).then((a) => a.id);

const readsOf = (accountId: number, action: "READ_SESSION" | "READ_CLIENT" = "READ_SESSION") =>
  db.auditLog.findMany({
    where: { accountId, action },
    select: { clinicId: true, targetId: true },
    orderBy: { id: "asc" },
  });

describe("audit rows of session reads", () => {
  it("the session list writes one row per session on the page, for the caregiver and for the clinic's staff", async () => {
    const w = await makeWorld();
    const carer = await readBy({ caregiverId: w.carer.id });
    const list = await api(`/gateway/profile/caregiver/session?clientId=${String(w.client.id)}`, {
      token: await w.token("carer"),
    });
    expect(list.status, list.text).toBe(200);
    expect(list.json.content.map((s: { id: number }) => s.id)).toEqual([w.session.id]);
    expect(await readsOf(carer)).toEqual([{ clinicId: w.clinic.id, targetId: w.session.id }]);

    const staff = await db.account.findFirstOrThrow({ where: { username: `staff-${w.u}` }, select: { id: true } });
    const byStaff = await api(`/gateway/profile/caregiver/session?clientId=${String(w.client.id)}`, {
      token: await w.token("staff"),
    });
    expect(byStaff.status, byStaff.text).toBe(200);
    expect(await readsOf(staff.id)).toEqual([{ clinicId: w.clinic.id, targetId: w.session.id }]);
    // A page with nothing on it read nothing.
    const past = await api(`/gateway/profile/caregiver/session?clientId=${String(w.client.id)}&page=5`, {
      token: await w.token("carer"),
    });
    expect(past.json.content).toEqual([]);
    expect(await readsOf(carer)).toHaveLength(1);
  });

  it("a session's homework timing writes the session's row, for the care team and for the client", async () => {
    const w = await makeWorld();
    const timing = await api(`/gateway/profile/caregiver/session/${String(w.session.id)}/assignment-timing`, {
      token: await w.token("carer"),
    });
    expect(timing.status, timing.text).toBe(200);
    expect(await readsOf(await readBy({ caregiverId: w.carer.id }))).toEqual([
      { clinicId: w.clinic.id, targetId: w.session.id },
    ]);

    const own = await api("/gateway/profile/client/assignment-timing?time-state=RUNNING", {
      token: await w.token("client"),
    });
    expect(own.status, own.text).toBe(200);
    expect(own.json.content.length).toBeGreaterThan(0);
    expect(await readsOf(await readBy({ clientId: w.client.id }))).toEqual([
      { clinicId: w.clinic.id, targetId: w.session.id },
    ]);
  });

  it("a session's documents write the session's row when the page lists any, not when it is empty", async () => {
    const w = await makeWorld();
    const documents = `/gateway/profile/session/${String(w.session.id)}/document`;
    const carer = await readBy({ caregiverId: w.carer.id });
    const none = await api(documents, { token: await w.token("carer") });
    expect(none.status, none.text).toBe(200);
    expect(none.json.content).toEqual([]);
    expect(await readsOf(carer)).toEqual([]);

    const attached = await api(documents, {
      token: await w.token("client"),
      body: { name: "panic diary week 3.png", data: PNG_1x1 },
    });
    expect(attached.status, attached.text).toBe(201);
    const listed = await api(documents, { token: await w.token("carer") });
    expect(listed.json.content.map((d: { name: string }) => d.name)).toEqual(["panic diary week 3.png"]);
    expect(await readsOf(carer)).toEqual([{ clinicId: w.clinic.id, targetId: w.session.id }]);
    // A page past the end showed nothing.
    await api(`${documents}?page=3`, { token: await w.token("carer") });
    expect(await readsOf(carer)).toHaveLength(1);
  });

  it("the list of conversations writes one row per session on it, an institute's included", async () => {
    const w = await makeWorld();
    const inst = await accountOf(`inst-${w.u}`);
    const listed = await api("/gateway/profile/conversation", { token: await w.token("inst") });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.content.map((c: { sessionId: number }) => c.sessionId)).toEqual([w.session.id]);
    expect(await readsOf(inst)).toEqual([{ clinicId: w.clinic.id, targetId: w.session.id }]);

    // Asked for unread conversations with none, or for a page past the end: nothing shown, no row.
    const client = await readBy({ clientId: w.client.id });
    const unread = await api("/gateway/profile/conversation?unread=true", { token: await w.token("client") });
    expect(unread.json.content).toEqual([]);
    const past = await api("/gateway/profile/conversation?page=4", { token: await w.token("client") });
    expect(past.json).toMatchObject({ content: [], totalElements: 1 });
    expect(await readsOf(client)).toEqual([]);
  });

  it("a read refused writes nothing", async () => {
    const w = await makeWorld();
    const refused = await api(`/gateway/profile/caregiver/session/${String(w.session.id)}/assignment-timing`, {
      token: await w.token("outsider"),
    });
    expect(refused.status).toBe(404);
    const client = await api(`/gateway/profile/clinic/client/${String(w.client.id)}`, {
      token: await w.token("outsider"),
    });
    expect(client.status).toBe(404);
    expect(await db.auditLog.count({ where: { accountId: await readBy({ caregiverId: w.outsider.id }) } })).toBe(0);
  });
});

// Found by the compliance review of 2026-12-02: the lists of clients (names, emails, phone numbers:
// that someone is a client of the clinic is health data) wrote no row, unlike the list of
// conversations that shows the same names. Each now writes one READ_CLIENT row per client shown.
const clientReadsOf = (accountId: number) => readsOf(accountId, "READ_CLIENT");

describe("audit rows of client lists", () => {
  it("the clinic's client list writes one row per client on the page, for staff and an institute, none for an empty page", async () => {
    const w = await makeWorld();
    const list = await api("/gateway/profile/clinic/client?page=0&size=10", { token: await w.token("staff") });
    expect(list.status, list.text).toBe(200);
    expect(list.json.content.map((c: { id: number }) => c.id)).toEqual([w.client.id]);
    const staff = await accountOf(`staff-${w.u}`);
    expect(await clientReadsOf(staff)).toEqual([{ clinicId: w.clinic.id, targetId: w.client.id }]);

    const searched = await api(`/gateway/profile/clinic/client?search=${encodeURIComponent("nobody at all")}`, {
      token: await w.token("staff"),
    });
    expect(searched.json.content).toEqual([]);
    expect(await clientReadsOf(staff)).toHaveLength(1);

    const byInstitute = await api(`/gateway/profile/clinic/client?clinicId=${String(w.clinic.id)}`, {
      token: await w.token("inst"),
    });
    expect(byInstitute.status, byInstitute.text).toBe(200);
    expect(await clientReadsOf(await accountOf(`inst-${w.u}`))).toEqual([
      { clinicId: w.clinic.id, targetId: w.client.id },
    ]);
  });

  it("a care provider's clients (caregiverId, their page's Care teams) write one row per client shown, none for the rest of the team", async () => {
    const w = await makeWorld();
    const teamClient = (name: string) =>
      makeClient(db, {
        clinicId: w.clinic.id,
        name: `${name} ${w.u}`,
        email: `${name}-${w.u}@test.test`,
        careTeam: [w.carer.id],
      });
    await teamClient("ann");
    const bob = await teamClient("bob");
    const page = await api(`/gateway/profile/clinic/client?caregiverId=${String(w.carer.id)}&page=0&size=1`, {
      token: await w.token("staff"),
    });
    expect(page.status, page.text).toBe(200);
    expect({ ids: page.json.content.map((c: { id: number }) => c.id), total: page.json.totalElements }).toEqual({
      ids: [bob.id],
      total: 3,
    });
    const staff = await accountOf(`staff-${w.u}`);
    expect(await clientReadsOf(staff)).toEqual([{ clinicId: w.clinic.id, targetId: bob.id }]);
    // Anyone else's care provider lists nothing, and reads nothing.
    await api(`/gateway/profile/clinic/client?caregiverId=2000000000`, { token: await w.token("staff") });
    expect(await clientReadsOf(staff)).toHaveLength(1);
  });

  it("a search writes a row for each client it matched, shown or only counted: a page past the end still tells who is a client", async () => {
    const w = await makeWorld();
    const { email } = await db.client.findUniqueOrThrow({ where: { id: w.client.id }, select: { email: true } });
    // Found by the review of 2026-12-02: the total of a search answered "is this person a client
    // here?" without a row, with a page past the end.
    const past = await api(`/gateway/profile/clinic/client?search=${encodeURIComponent(email)}&page=9&size=1`, {
      token: await w.token("staff"),
    });
    expect(past.status, past.text).toBe(200);
    expect({ content: past.json.content, total: past.json.totalElements }).toEqual({ content: [], total: 1 });
    const staff = await accountOf(`staff-${w.u}`);
    expect(await clientReadsOf(staff)).toEqual([{ clinicId: w.clinic.id, targetId: w.client.id }]);

    const other = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Other ${w.u}`,
      email: `other-${w.u}@test.test`,
    });
    const first = await api(`/gateway/profile/clinic/client?search=${encodeURIComponent(w.u)}&page=0&size=1`, {
      token: await w.token("staff"),
    });
    expect(first.json.totalElements).toBe(2);
    expect(
      (await clientReadsOf(staff))
        .slice(1)
        .map((r) => r.targetId)
        .sort(),
    ).toEqual([w.client.id, other.id].sort());
  });

  it("a client's change answers the client and writes its row", async () => {
    const w = await makeWorld();
    const changed = await api(`/gateway/profile/clinic/client/${String(w.client.id)}`, {
      method: "PATCH",
      token: await w.token("staff"),
      body: { language: "EN" },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.id).toBe(w.client.id);
    expect(await clientReadsOf(await accountOf(`staff-${w.u}`))).toEqual([
      { clinicId: w.clinic.id, targetId: w.client.id },
    ]);
  });

  it("a client's page writes the client's row and one READ_SESSION row per session it shows", async () => {
    const w = await makeWorld();
    const page = await api(`/gateway/profile/clinic/client/${String(w.client.id)}`, { token: await w.token("staff") });
    expect(page.status, page.text).toBe(200);
    expect(page.json.sessions.map((s: { id: number }) => s.id)).toEqual([w.session.id]);
    const staff = await accountOf(`staff-${w.u}`);
    expect(await clientReadsOf(staff)).toEqual([{ clinicId: w.clinic.id, targetId: w.client.id }]);
    expect(await readsOf(staff)).toEqual([{ clinicId: w.clinic.id, targetId: w.session.id }]);
  });

  it("a caregiver's list of their own clients writes one row per client on it", async () => {
    const w = await makeWorld();
    const list = await api("/gateway/profile/caregiver/client", { token: await w.token("carer") });
    expect(list.status, list.text).toBe(200);
    expect(list.json.content.map((c: { id: number }) => c.id)).toEqual([w.client.id]);
    expect(await clientReadsOf(await readBy({ caregiverId: w.carer.id }))).toEqual([
      { clinicId: w.clinic.id, targetId: w.client.id },
    ]);
  });
});
