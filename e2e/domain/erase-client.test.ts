import { describe, expect, it } from "vitest";
import { listAuditLog } from "@/lib/audit/list-audit-log";
import { CLIENT_ERASED, eraseClient, erasedEmail } from "@/lib/clients/erase-client";
import { listClients } from "@/lib/clients/list-clients";
import { readClient } from "@/lib/clients/read-client";
import { readDocument } from "@/lib/documents/read-document";
import { updateClient } from "@/lib/clients/update-client";
import { readSessionDetail } from "@/lib/sessions/read-session-detail";
import { db, makeWorld } from "./support/domain-world";
import { watchLog } from "./support/log-lines";

// A client's record erased at the clinic's request (lib/clients/erase-client.ts): what they wrote,
// were told and scored is gone, the ids stay so that the audit trail's rows still name whose record
// was read, and no one can reach the client any more.
const PAGE = { page: 0, size: 50 };
const notFound = { code: "not_found" };

async function withConversation() {
  const w = await makeWorld();
  const account = await db.account.findUniqueOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
  await db.message.create({ data: { sessionId: w.session.id, authorAccountId: account.id, text: "I slept badly" } });
  const document = await db.document.create({
    data: {
      sessionId: w.session.id,
      name: "diary.pdf",
      contentType: "application/pdf",
      size: 4,
      data: Buffer.from("%PDF"),
      uploadedByAccountId: account.id,
    },
  });
  return { w, accountId: account.id, documentId: document.id };
}

describe("erasing a client's record", () => {
  it("removes what the client wrote and was told, and keeps the ids the audit trail names", async () => {
    const { w, accountId, documentId } = await withConversation();
    const staff = await w.scope("staff");
    // Reads before the erasure: the trail must still say whose record it was, the document's
    // included, though what the document held goes.
    await readSessionDetail(staff, w.session.id, 0);
    await readDocument(staff, w.session.id, documentId);
    const ofSession = { session: { clientId: w.client.id } };
    expect(await db.assignment.count({ where: ofSession })).toBeGreaterThan(0);

    const r = await eraseClient(db, w.clinic.id, w.client.id);

    expect(r).toMatchObject({ messages: 1, documents: 1, careTeam: 1, sessions: 1, signIn: true });
    expect(r.assignments).toBeGreaterThan(0);
    expect(r.answers).toBeGreaterThan(0);
    expect(r.feedback).toBeGreaterThan(0);
    for (const count of [
      db.assignment.count({ where: ofSession }),
      db.answer.count({ where: { assignment: ofSession } }),
      db.feedback.count({ where: ofSession }),
      db.message.count({ where: ofSession }),
      db.careTeamMember.count({ where: { clientId: w.client.id } }),
      db.accessToken.count({ where: { accountId } }),
    ])
      expect(await count).toBe(0);
    const client = await db.client.findUniqueOrThrow({ where: { id: w.client.id } });
    expect(client).toMatchObject({
      name: "",
      email: erasedEmail(w.client.id),
      mobile: null,
      externalClientId: null,
      image: null,
      status: "INACTIVE",
    });
    expect(client.erasedAt).toBeInstanceOf(Date);
    // The document's row stays for the trail, with nothing of what it was.
    const document = await db.document.findUniqueOrThrow({ where: { id: documentId } });
    expect(document).toMatchObject({ name: "", size: 0, contentType: "application/octet-stream" });
    expect(document.data).toHaveLength(0);
    const session = await db.session.findUniqueOrThrow({ where: { id: w.session.id } });
    expect(session).toMatchObject({ title: "", description: "" });
    expect(session.closedAt).toBeInstanceOf(Date);
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(account).toMatchObject({ passwordHash: null, email: null, disabled: true });
    expect(account.username).not.toBe(w.client.username);

    // The trail keeps the read, and still finds it among the client's.
    const trail = await listAuditLog(staff, { clientId: w.client.id, ...PAGE }, 0);
    expect(trail.content.map((e) => [e.action, e.targetId, e.clientId])).toEqual([
      ["READ_DOCUMENT", documentId, w.client.id],
      ["READ_SESSION", w.session.id, w.client.id],
    ]);
    // And the clinic's whole trail lists it with its client.
    const all = await listAuditLog(staff, PAGE, 0);
    expect(all.content.find((e) => e.action === "READ_DOCUMENT")).toMatchObject({ clientId: w.client.id });
  });

  it("leaves no page or operation that shows the client: the staff's list, the client, the session", async () => {
    const { w } = await withConversation();
    const staff = await w.scope("staff");
    await eraseClient(db, w.clinic.id, w.client.id);
    expect((await listClients(staff, PAGE, 0)).content.map((c) => c.id)).not.toContain(w.client.id);
    await expect(readClient(staff, w.client.id, 0)).rejects.toMatchObject(notFound);
    await expect(readSessionDetail(staff, w.session.id, 0)).rejects.toMatchObject(notFound);
    await expect(readSessionDetail(await w.scope("carer"), w.session.id, 0)).rejects.toMatchObject(notFound);
    // Nor can it be brought back under another name.
    await expect(updateClient(staff, w.client.id, { name: "Someone", status: "ACTIVE" }, 0)).rejects.toMatchObject(
      notFound,
    );
  });

  it("writes one log line once committed, with the ids and the moment only, and none for a refused one", async () => {
    const { w } = await withConversation();
    const other = await makeWorld();
    const log = watchLog();
    // Refused inside the transaction, which rolls back: no erasure, no line.
    await expect(eraseClient(db, other.clinic.id, w.client.id)).rejects.toMatchObject(notFound);
    expect(log.lines(CLIENT_ERASED)).toEqual([]);

    await eraseClient(db, w.clinic.id, w.client.id);

    const { erasedAt } = await db.client.findUniqueOrThrow({ where: { id: w.client.id } });
    expect(log.lines(CLIENT_ERASED)).toEqual([
      {
        level: 30,
        time: expect.any(String),
        msg: CLIENT_ERASED,
        clinicId: w.clinic.id,
        clientId: w.client.id,
        erasedAt: erasedAt?.toISOString(),
      },
    ]);
    const all = log.written().join("\n");
    for (const hidden of [w.client.name, w.client.email, w.client.username, "I slept badly"])
      expect(all).not.toContain(hidden);
    // Erased already: refused, and not logged twice.
    await expect(eraseClient(db, w.clinic.id, w.client.id)).rejects.toMatchObject({ code: "conflict" });
    expect(log.lines(CLIENT_ERASED)).toHaveLength(1);
  });

  it("refuses a client of another clinic, and a client erased already, changing nothing", async () => {
    const { w } = await withConversation();
    const other = await makeWorld();
    await expect(eraseClient(db, other.clinic.id, w.client.id)).rejects.toMatchObject(notFound);
    expect(await db.message.count({ where: { session: { clientId: w.client.id } } })).toBe(1);
    await eraseClient(db, w.clinic.id, w.client.id);
    await expect(eraseClient(db, w.clinic.id, w.client.id)).rejects.toMatchObject({ code: "conflict" });
  });
});
