// The clinic's audit log asked about one client's record, or one reader's reads (docs/audit-log.md):
// the questions a clinic's privacy officer asks, "who has read this client's file?" and "what has
// this person read?".
import { beforeAll, describe, expect, it } from "vitest";
import { makeClient, makeSession } from "@/prisma/factories";
import { expectProblem } from "./support/expect-problem";
import { PNG_1x1, api, db, makeWorld, readBy, uid, type World } from "./support/world";

const PDF_B64 = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1").toString("base64");

type Entry = { action: string; targetId: number; clientId: number; accountId: number; username: string };
const lines = (content: Entry[]) => content.map((e) => [e.action, e.targetId, e.clientId, e.username]);

let w: World;
let staff: string;
let carerAccount: number;
let second: { client: number; session: number };
let documentId: number;

// One clinic where the care provider reads two clients' records in every way a record is read, and
// the client reads their own messages.
beforeAll(async () => {
  w = await makeWorld();
  staff = await w.token("staff");
  const carer = await w.token("carer");
  carerAccount = await readBy({ caregiverId: w.carer.id });
  const other = await makeClient(db, {
    clinicId: w.clinic.id,
    name: `Second ${w.u}`,
    email: `second-${uid()}@x.test`,
    careTeam: [w.carer.id],
    image: { bytes: Buffer.from(PNG_1x1, "base64"), type: "image/png" },
  });
  const otherSession = await makeSession(db, {
    clinicId: w.clinic.id,
    clientId: other.id,
    caregiverId: w.carer.id,
    title: "Second's week",
    startAt: new Date(Date.now() - 86_400_000),
  });
  second = { client: other.id, session: otherSession.id };

  const doc = await api(`/gateway/profile/session/${w.session.id}/document`, {
    token: carer,
    body: { name: "plan.pdf", data: PDF_B64 },
  });
  expect(doc.status, doc.text).toBe(201);
  documentId = doc.json.id;
  const posted = await api(`/gateway/profile/session/${w.session.id}/message`, { token: carer, body: { text: "Hi" } });
  expect(posted.status, posted.text).toBe(201);
  // Nothing above is a read; what follows is, one after another so the trail's order is known.
  for (const [token, path] of [
    [carer, `/gateway/profile/caregiver/session/${w.session.id}`],
    [carer, `/gateway/profile/clinic/client/${other.id}`],
    [staff, `/gateway/profile/clinic/client/${other.id}/image`],
    [carer, `/gateway/profile/caregiver/session/${otherSession.id}`],
    [await w.token("client"), `/gateway/profile/session/${w.session.id}/message`],
    [staff, `/gateway/profile/session/${w.session.id}/document/${documentId}`],
    [carer, `/gateway/profile/clinic/client/${w.client.id}`],
  ] as const) {
    const r = await api(path, { token });
    expect(r.status, `${path}: ${r.text}`).toBe(200);
  }
});

describe("the audit log of one client's record", () => {
  it("lists the reads of the client, its sessions, their messages and documents, and no other client's", async () => {
    const log = await api(`/gateway/profile/clinic/audit?clientId=${w.client.id}`, { token: staff });
    expect(log.status, log.text).toBe(200);
    // The client's page lists the client's sessions: its read is the client's row and a session's.
    expect(lines(log.json.content)).toEqual([
      ["READ_CLIENT", w.client.id, w.client.id, `carer-${w.u}`],
      ["READ_SESSION", w.session.id, w.client.id, `carer-${w.u}`],
      ["READ_DOCUMENT", documentId, w.client.id, `staff-${w.u}`],
      ["READ_MESSAGES", w.session.id, w.client.id, `client-${w.u}`],
      ["READ_SESSION", w.session.id, w.client.id, `carer-${w.u}`],
    ]);
    expect(log.json).toMatchObject({ totalElements: 5, totalPages: 1 });

    const theirs = await api(`/gateway/profile/clinic/audit?clientId=${second.client}`, { token: staff });
    expect(lines(theirs.json.content)).toEqual([
      ["READ_SESSION", second.session, second.client, `carer-${w.u}`],
      ["READ_CLIENT_IMAGE", second.client, second.client, `staff-${w.u}`],
      ["READ_CLIENT", second.client, second.client, `carer-${w.u}`],
      ["READ_SESSION", second.session, second.client, `carer-${w.u}`],
    ]);
  });

  it("names the client of every entry in the whole log", async () => {
    const log = await api("/gateway/profile/clinic/audit", { token: staff });
    expect(lines(log.json.content).map(([action, , client]) => [action, client])).toEqual([
      ["READ_CLIENT", w.client.id],
      ["READ_SESSION", w.client.id],
      ["READ_DOCUMENT", w.client.id],
      ["READ_MESSAGES", w.client.id],
      ["READ_SESSION", second.client],
      ["READ_CLIENT_IMAGE", second.client],
      ["READ_CLIENT", second.client],
      ["READ_SESSION", second.client],
      ["READ_SESSION", w.client.id],
    ]);
  });

  it("pages the client's entries, each page with the filtered total", async () => {
    const page = await api(`/gateway/profile/clinic/audit?clientId=${w.client.id}&size=3&page=1`, { token: staff });
    expect(lines(page.json.content)).toEqual([
      ["READ_MESSAGES", w.session.id, w.client.id, `client-${w.u}`],
      ["READ_SESSION", w.session.id, w.client.id, `carer-${w.u}`],
    ]);
    expect(page.json).toMatchObject({ totalElements: 5, totalPages: 2, page: 1 });
    const past = await api(`/gateway/profile/clinic/audit?clientId=${w.client.id}&size=3&page=9`, { token: staff });
    expect(past.json).toMatchObject({ content: [], totalElements: 5, totalPages: 2 });
  });
});

describe("the audit log of one reader", () => {
  it("lists what that sign-in read, over every client, and with a client only that client's", async () => {
    const log = await api(`/gateway/profile/clinic/audit?accountId=${carerAccount}`, { token: staff });
    expect(log.status, log.text).toBe(200);
    expect(lines(log.json.content)).toEqual([
      ["READ_CLIENT", w.client.id, w.client.id, `carer-${w.u}`],
      ["READ_SESSION", w.session.id, w.client.id, `carer-${w.u}`],
      ["READ_SESSION", second.session, second.client, `carer-${w.u}`],
      ["READ_CLIENT", second.client, second.client, `carer-${w.u}`],
      ["READ_SESSION", second.session, second.client, `carer-${w.u}`],
      ["READ_SESSION", w.session.id, w.client.id, `carer-${w.u}`],
    ]);
    expect(log.json.content.every((e: Entry) => e.accountId === carerAccount)).toBe(true);
    const both = await api(`/gateway/profile/clinic/audit?accountId=${carerAccount}&clientId=${second.client}`, {
      token: staff,
    });
    expect(lines(both.json.content)).toEqual([
      ["READ_SESSION", second.session, second.client, `carer-${w.u}`],
      ["READ_CLIENT", second.client, second.client, `carer-${w.u}`],
      ["READ_SESSION", second.session, second.client, `carer-${w.u}`],
    ]);
    expect(both.json.totalElements).toBe(3);
  });
});

describe("asking the audit log", () => {
  it("writes no entry of its own", async () => {
    const before = await db.auditLog.count({ where: { clinicId: w.clinic.id } });
    await api("/gateway/profile/clinic/audit", { token: staff });
    await api(`/gateway/profile/clinic/audit?clientId=${w.client.id}`, { token: staff });
    expect(await db.auditLog.count({ where: { clinicId: w.clinic.id } })).toBe(before);
  });

  it("finds nothing of another clinic's client or reader, and tells the other clinic nothing of this one", async () => {
    const other = await makeWorld();
    const otherStaff = await other.token("staff");
    for (const q of [`clientId=${w.client.id}`, `accountId=${carerAccount}`]) {
      const r = await api(`/gateway/profile/clinic/audit?${q}`, { token: otherStaff });
      expect(r.status, r.text).toBe(200);
      expect(r.json).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
    }
    const mine = await api(`/gateway/profile/clinic/audit?clientId=${other.client.id}`, { token: staff });
    expect(mine.json).toMatchObject({ content: [], totalElements: 0 });
  });

  it("answers 400 for a client or reader that is not an id, and 403 for a care provider", async () => {
    for (const q of ["clientId=abc", "clientId=0", "accountId=-3", "accountId=1.5", "clientId=99999999999"]) {
      expectProblem(await api(`/gateway/profile/clinic/audit?${q}`, { token: staff }), 400, `query.${q.split("=")[0]}`);
    }
    expectProblem(
      await api(`/gateway/profile/clinic/audit?clientId=${w.client.id}`, { token: await w.token("carer") }),
      403,
    );
  });
});
