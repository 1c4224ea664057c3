import { beforeAll, describe, expect, it } from "vitest";
import { MAX_SESSION_DOCUMENT_BYTES, MAX_SESSION_DOCUMENTS } from "@/lib/schemas/document-type";
import { makeSession } from "@/prisma/factories";
import { expectProblem } from "./support/expect-problem";
import { PNG_1x1, api, baseUrl, db, makeWorld, type World } from "./support/world";

// The documents of a session (docs/documents.md): who may attach, list and download them, what the
// bytes must be, and the audit row of every download.

const PDF = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
const PDF_B64 = PDF.toString("base64");
const TEXT_B64 = Buffer.from("Dear diary, today I felt...\n").toString("base64");
const MB5 = 5 * 1024 * 1024;

type Who = Parameters<World["token"]>[0];

let w: World;
let other: World;

beforeAll(async () => {
  [w, other] = await Promise.all([makeWorld(), makeWorld()]);
});

const base = (sessionId: number) => `/gateway/profile/session/${sessionId}/document`;
const upload = async (who: Who, body: unknown, sessionId = w.session.id, headers: Record<string, string> = {}) =>
  api(base(sessionId), { token: await w.token(who), body, headers });
const list = async (who: Who, sessionId = w.session.id, headers: Record<string, string> = {}) =>
  api(base(sessionId), { token: await w.token(who), headers });
const download = async (token: string, sessionId: number, documentId: number) =>
  api(`${base(sessionId)}/${documentId}`, { token });
const stored = (sessionId = w.session.id) => db.document.count({ where: { sessionId } });

describe("attaching a document", () => {
  it("stores a caregiver's PDF and answers 201 with the document and the location of its download", async () => {
    const r = await upload("carer", { name: "sleep plan.pdf", data: PDF_B64, contentType: "application/pdf" });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({
      name: "sleep plan.pdf",
      contentType: "application/pdf",
      size: PDF.byteLength,
      uploadedByRole: "CAREGIVER",
      uploadedByName: w.carer.name,
    });
    expect(r.headers.get("location")).toBe(`${base(w.session.id)}/${r.json.id}`);
    const row = await db.document.findUniqueOrThrow({ where: { id: r.json.id } });
    expect(Buffer.from(row.data).equals(PDF)).toBe(true);
    expect(row.uploadedByAccountId).toBeGreaterThan(0);
  });

  it("lets the client, the clinic's staff and its institute attach files (a data: prefix accepted)", async () => {
    for (const [who, role, name] of [
      ["client", "CLIENT", w.client.name],
      ["staff", "CLINIC", w.staff.name],
      ["inst", "INSTITUTE", w.institute.name],
    ] as const) {
      const r = await upload(who, { name: `photo-${who}.png`, data: `data:image/png;base64,${PNG_1x1}` });
      expect(r.status, `${who}: ${r.text}`).toBe(201);
      expect(r.json).toMatchObject({ contentType: "image/png", uploadedByRole: role, uploadedByName: name });
    }
  });

  it("adds the extension of the type to a name without it", async () => {
    const r = await upload("carer", { name: "scan", data: PDF_B64 });
    expect(r.status, r.text).toBe(201);
    expect(r.json.name).toBe("scan.pdf");
  });

  it("answers a retry with the same Idempotency-Key with the first document, storing one", async () => {
    const key = `doc-${w.u}`;
    const before = await stored();
    const body = { name: "retry.pdf", data: PDF_B64 };
    const first = await upload("carer", body, w.session.id, { "idempotency-key": key });
    const again = await upload("carer", body, w.session.id, { "idempotency-key": key });
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(201);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.json.id).toBe(first.json.id);
    expect(await stored()).toBe(before + 1);
    const other = await upload("carer", { ...body, name: "other.pdf" }, w.session.id, { "idempotency-key": key });
    expectProblem(other, 409);
    expect(await stored()).toBe(before + 1);
  });

  it("answers 404 to a retry from someone who has left the care team since, as to any other request of theirs", async () => {
    const mine = await makeWorld();
    const key = `left-${mine.u}`;
    const body = { name: "before-leaving.pdf", data: PDF_B64 };
    const first = await api(base(mine.session.id), {
      token: await mine.token("carer"),
      body,
      headers: { "idempotency-key": key },
    });
    expect(first.status, first.text).toBe(201);
    // Off the client's care team and out of the clinic, as the operator's remove-caregiver leaves them.
    await db.careTeamMember.deleteMany({ where: { caregiverId: mine.carer.id } });
    await db.caregiverClinic.deleteMany({ where: { caregiverId: mine.carer.id } });
    const again = await api(base(mine.session.id), {
      token: await mine.token("carer"),
      body,
      headers: { "idempotency-key": key },
    });
    expectProblem(again, 404);
    expect(again.text).not.toContain("before-leaving");
  });
});

describe("refusals store nothing", () => {
  const refusals: [string, unknown, number, string | undefined][] = [
    ["PNG bytes declared as a PDF", { name: "x.pdf", data: PNG_1x1, contentType: "application/pdf" }, 415, "data"],
    ["a PNG renamed .pdf", { name: "report.pdf", data: PNG_1x1 }, 415, "data"],
    ["a PDF declared as a PNG", { name: "x", data: PDF_B64, contentType: "image/png" }, 415, "data"],
    ["a text file", { name: "notes.txt", data: TEXT_B64 }, 415, "data"],
    [
      "a text file declared as a PDF",
      { name: "notes.pdf", data: TEXT_B64, contentType: "application/pdf" },
      415,
      "data",
    ],
    ["an empty file", { name: "empty.pdf", data: "" }, 400, "data"],
    ["a file of no bytes", { name: "empty.pdf", data: "data:application/pdf;base64," }, 400, "data"],
    ["data that is not base64", { name: "x.pdf", data: "%PDF-1.4 not base64!" }, 400, "data"],
    ["a name with folders", { name: "../../etc/passwd.pdf", data: PDF_B64 }, 400, "name"],
    ["a name with a backslash", { name: "C:\\temp\\x.pdf", data: PDF_B64 }, 400, "name"],
    ["a name with a control character", { name: "a\u0007b.pdf", data: PDF_B64 }, 400, "name"],
    ["a name with a bidi override", { name: "invoice\u202Efdp.exe", data: PDF_B64 }, 400, "name"],
    ["a name of dots", { name: "..", data: PDF_B64 }, 400, "name"],
    ["an empty name", { name: "  ", data: PDF_B64 }, 400, "name"],
    ["a name of 201 characters", { name: `${"n".repeat(197)}.pdf`, data: PDF_B64 }, 400, "name"],
    ["no name", { data: PDF_B64 }, 400, "name"],
  ];
  for (const [what, body, status, path] of refusals) {
    it(`refuses ${what} (${status})`, async () => {
      const before = await stored();
      expectProblem(await upload("carer", body), status, path);
      expect(await stored()).toBe(before);
    });
  }

  it("refuses a file over 5 MB decoded (413) and accepts one of exactly 5 MB", async () => {
    const before = await stored();
    const big = Buffer.alloc(MB5 + 1, 0x20);
    PDF.copy(big);
    expectProblem(await upload("carer", { name: "big.pdf", data: big.toString("base64") }), 413, "data");
    expect(await stored()).toBe(before);
    const r = await upload("carer", { name: "max.pdf", data: big.subarray(0, MB5).toString("base64") });
    expect(r.status, r.text.slice(0, 300)).toBe(201);
    expect(r.json.size).toBe(MB5);
  });

  it("refuses a body that is not JSON (415)", async () => {
    const r = await api(base(w.session.id), {
      token: await w.token("carer"),
      rawBody: PDF,
      headers: { "content-type": "application/pdf" },
    });
    expectProblem(r, 415);
  });

  it("refuses a closed session for everybody (409), and still lists and downloads its documents", async () => {
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: "Closed",
      startAt: new Date(Date.now() - 10 * 86_400_000),
    });
    const d = await db.document.create({
      data: {
        sessionId: s.id,
        name: "before.pdf",
        contentType: "application/pdf",
        size: PDF.byteLength,
        data: PDF,
        uploadedByAccountId: (await db.account.findUniqueOrThrow({ where: { username: w.carer.username } })).id,
      },
    });
    await db.session.update({ where: { id: s.id }, data: { closedAt: new Date() } });
    for (const who of ["carer", "client", "staff", "inst"] as const) {
      const r = await upload(who, { name: "late.pdf", data: PDF_B64 }, s.id);
      expectProblem(r, 409);
      expect(r.json.detail).toMatch(/closed/);
    }
    expect(await stored(s.id)).toBe(1);
    expect((await list("client", s.id)).json.content.map((x: { id: number }) => x.id)).toEqual([d.id]);
    expect((await download(await w.token("client"), s.id, d.id)).status).toBe(200);
  });
});

// Found by the review as an attacker on the pages (2026-12-06): nothing bounded what a session
// holds, so a client (or anyone who took a client's sign-in) could fill the database for every
// institute, 5 MB a request, from their session page. A session holds at most
// MAX_SESSION_DOCUMENTS documents and MAX_SESSION_DOCUMENT_BYTES bytes; past that, 409.
describe("what a session holds", () => {
  const openSession = (title: string) =>
    makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title,
      startAt: new Date(Date.now() - 3_600_000),
    });
  const holding = async (sessionId: number, count: number, bytes: number) => {
    const account = await db.account.findFirstOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
    const data = Buffer.alloc(bytes, 0x20);
    PDF.copy(data);
    await db.document.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        sessionId,
        name: `held-${i}.pdf`,
        contentType: "application/pdf",
        size: bytes,
        data,
        uploadedByAccountId: account.id,
      })),
    });
  };

  it(`takes files up to ${MAX_SESSION_DOCUMENT_BYTES} bytes in all, then refuses (409) and stores nothing`, async () => {
    const s = await openSession("Full of bytes");
    await holding(s.id, MAX_SESSION_DOCUMENT_BYTES / MB5 - 1, MB5);
    const last = Buffer.alloc(MB5, 0x20);
    PDF.copy(last);
    const fits = await upload("client", { name: "last.pdf", data: last.toString("base64") }, s.id);
    expect(fits.status, fits.text.slice(0, 300)).toBe(201);
    const before = await stored(s.id);
    const over = await upload("client", { name: "one more.pdf", data: PDF_B64 }, s.id);
    expectProblem(over, 409, "session");
    expect(await stored(s.id)).toBe(before);
  });

  it(`takes at most ${MAX_SESSION_DOCUMENTS} documents, then refuses (409) and stores nothing`, async () => {
    const s = await openSession("Full of files");
    await holding(s.id, MAX_SESSION_DOCUMENTS - 1, PDF.byteLength);
    expect((await upload("client", { name: "last.pdf", data: PDF_B64 }, s.id)).status).toBe(201);
    expectProblem(await upload("carer", { name: "one more.pdf", data: PDF_B64 }, s.id), 409, "session");
    expect(await stored(s.id)).toBe(MAX_SESSION_DOCUMENTS);
  });
});

describe("who may", () => {
  let docId: number;
  beforeAll(async () => {
    const r = await upload("carer", { name: "scoped.pdf", data: PDF_B64 });
    docId = r.json.id;
  });

  it("answers 404 outside the care team, clinic, institute or client, and stores nothing", async () => {
    const strangers: [string, () => Promise<string>][] = [
      ["a caregiver of the clinic off the care team", () => w.token("outsider")],
      ["another institute's staff", () => other.token("staff")],
      ["another institute's caregiver", () => other.token("carer")],
      ["another institute", () => other.token("inst")],
      ["another client", () => other.token("client")],
    ];
    for (const [who, token] of strangers) {
      const t = await token();
      const before = await stored();
      const posted = await api(base(w.session.id), { token: t, body: { name: "x.pdf", data: PDF_B64 } });
      expectProblem(posted, 404);
      expect(await stored(), who).toBe(before);
      expectProblem(await api(base(w.session.id), { token: t }), 404);
      expectProblem(await download(t, w.session.id, docId), 404);
    }
    // The other world's own people reach their own session, not this one.
    expect((await api(base(other.session.id), { token: await other.token("client") })).status).toBe(200);
  });

  it("answers 404 for a document asked for under another session, or one that does not exist", async () => {
    const token = await w.token("staff");
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: "Another week",
      startAt: new Date(),
    });
    expectProblem(await download(token, s.id, docId), 404);
    expectProblem(await download(token, w.session.id, 2_147_483_647), 404);
    expectProblem(await download(token, w.session.id, 0), 400);
  });

  it("answers 404 for a removed caregiver's uploads and reads", async () => {
    const token = await w.token("outsider");
    await db.careTeamMember.create({ data: { clientId: w.client.id, caregiverId: w.outsider.id } });
    expect((await download(token, w.session.id, docId)).status).toBe(200);
    await db.careTeamMember.deleteMany({ where: { clientId: w.client.id, caregiverId: w.outsider.id } });
    expectProblem(await download(token, w.session.id, docId), 404);
  });
});

describe("downloading", () => {
  it("answers the bytes as an attachment of the stored type, and audits every download", async () => {
    const up = await upload("carer", { name: "Résumé d’été (1).pdf", data: PDF_B64 });
    expect(up.status, up.text).toBe(201);
    const id: number = up.json.id;
    for (const who of ["client", "carer", "staff", "inst"] as const) {
      const r = await fetch(`${baseUrl}${base(w.session.id)}/${id}`, {
        headers: { authorization: `bearer ${await w.token(who)}` },
      });
      expect(r.status, who).toBe(200);
      expect(r.headers.get("content-type")).toBe("application/pdf");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("cache-control")).toBe("private, no-store");
      const disposition = r.headers.get("content-disposition") ?? "";
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
      expect(disposition).toContain("filename*=UTF-8''R%C3%A9sum%C3%A9%20d%E2%80%99%C3%A9t%C3%A9%20%281%29.pdf");
      expect(Buffer.from(await r.arrayBuffer()).equals(PDF)).toBe(true);
    }
    const rows = await db.auditLog.findMany({ where: { action: "READ_DOCUMENT", targetId: id } });
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.clinicId))).toEqual(new Set([w.clinic.id]));
  });

  it("writes no audit row for a refused download", async () => {
    const up = await upload("carer", { name: "private.png", data: PNG_1x1 });
    const r = await download(await w.token("outsider"), w.session.id, up.json.id);
    expectProblem(r, 404);
    expect(await db.auditLog.count({ where: { action: "READ_DOCUMENT", targetId: up.json.id } })).toBe(0);
  });
});

describe("the session's documents", () => {
  it("fill the list and the session detail's documents, dates in the offset's zone", async () => {
    const fresh = await makeWorld();
    const token = await fresh.token("carer");
    const up = await api(base(fresh.session.id), { token, body: { name: "a.pdf", data: PDF_B64 } });
    const up2 = await api(base(fresh.session.id), {
      token: await fresh.token("client"),
      body: { name: "b.png", data: PNG_1x1 },
    });
    expect([up.status, up2.status]).toEqual([201, 201]);
    const at = (await db.document.findUniqueOrThrow({ where: { id: up.json.id } })).createdAt;
    const shifted = new Date(at.getTime() + 330 * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const expected = `${shifted.getUTCFullYear()}/${pad(shifted.getUTCMonth() + 1)}/${pad(shifted.getUTCDate())} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
    const offset = { offset: "+05:30" };
    const detail = await api(`/gateway/profile/caregiver/session/${fresh.session.id}`, { token, headers: offset });
    expect(detail.status).toBe(200);
    const listed = await api(base(fresh.session.id), { token, headers: offset });
    expect(listed.json).toMatchObject({ page: 0, size: 20, totalElements: 2, totalPages: 1 });
    const first = {
      id: up.json.id,
      name: "a.pdf",
      contentType: "application/pdf",
      size: PDF.byteLength,
      createDate: expected,
      uploadedByRole: "CAREGIVER",
      uploadedByName: fresh.carer.name,
    };
    const second = { id: up2.json.id, name: "b.png", contentType: "image/png", uploadedByRole: "CLIENT" };
    expect(detail.json.documents).toEqual([first, expect.objectContaining(second)]);
    expect(listed.json.content).toEqual([first, expect.objectContaining(second)]);
    // Never the bytes.
    expect(detail.text).not.toContain(PDF_B64.slice(0, 12));
    expect(listed.text).not.toContain(PDF_B64.slice(0, 12));
  });
});
