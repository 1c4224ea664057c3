import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateCaregiver } from "@/lib/caregivers/update-caregiver";
import { eraseClient } from "@/lib/clients/erase-client";
import { startCareEpisode } from "@/lib/clients/start-care-episode";
import { updateEmailSettings } from "@/lib/email-settings/update-email-settings";
import { updateClient } from "@/lib/clients/update-client";
import { toAppError } from "@/lib/gateway/handler";
import { messageNotice } from "@/lib/jobs/handlers/message-notice";
import { listMessages } from "@/lib/messages/list-messages";
import { db as libDb } from "@/lib/db/prisma";
import { db, makeWorld } from "./support/domain-world";
import { raceOnOwnConnections } from "./support/race";

// An erasure while the client is still writing: an answer saved in a transaction that commits
// while the erasure runs must go with the rest, and the erasure must not fail on it (before, it
// deleted the answers it could see, then the assignment, which the new answer still referenced).
const race = raceOnOwnConnections();
beforeAll(() => race.start());
afterAll(() => race.stop());

/** The erasure, stopped while it holds the client's row: it waits to delete a saved answer. */
async function erasureUnderWay(w: Awaited<ReturnType<typeof makeWorld>>) {
  const assignment = await db.assignment.findFirstOrThrow({
    where: { sessionId: w.session.id },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const saving = await race.holding(
    `insert into "AutoSaveAnswer" ("assignmentId", "questionKey", value, "updatedAt") values (${assignment.id}, 'late-${w.u}', '"typed"', now())`,
  );
  const erasing = eraseClient(libDb(), w.clinic.id, w.client.id);
  await race.waiterOf(saving.pid);
  return { saving, erasing, assignment };
}

describe("erasing a client's record while the client saves an answer", () => {
  it("waits for the save, then erases the answer it made too", async () => {
    const w = await makeWorld();
    const { saving, erasing, assignment } = await erasureUnderWay(w);
    await saving.release();
    expect(await erasing).toMatchObject({ sessions: 1 });
    expect(await db.autoSaveAnswer.count({ where: { assignmentId: assignment.id } })).toBe(0);
    expect(await db.assignment.count({ where: { sessionId: w.session.id } })).toBe(0);
  });
});

// A change of the client, or of a care team, sent while the erasure runs: it saw the client before
// the erasure committed, so it was let through, then waited for the client's row and wrote what the
// erasure had just taken away (found by a race review, 2026-12-07): an erased record ACTIVE again
// under a name, with a care team whose caregivers read it again. Each must now find the client gone.
describe("changing a client or a care team while the client's record is erased", () => {
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => toAppError(e).code,
    );

  it("an edit of the client, or of the client's own email settings, waits for the erasure, then finds no client, and writes nothing back", async () => {
    const w = await makeWorld();
    // The client's request was let in before the erasure took the sign-in.
    const clientScope = await w.scope("client");
    const { saving, erasing } = await erasureUnderWay(w);
    const editing = refusal(
      updateClient(
        await w.scope("staff"),
        w.client.id,
        { name: "Restored", email: `restored-${w.u}@test.test`, status: "ACTIVE", careTeam: { add: [w.outsider.id] } },
        0,
      ),
    );
    const episode = refusal(startCareEpisode(await w.scope("staff"), w.client.id, 0));
    const settings = refusal(updateEmailSettings(clientScope, { remindersOn: true, messageNoticesOn: true }));
    await race.untilWaiting(4);
    await saving.release();
    await erasing;
    expect(await editing).toBe("not_found");
    expect(await episode).toBe("not_found");
    expect(await settings).toBe("not_found");
    const row = await db.client.findUniqueOrThrow({ where: { id: w.client.id } });
    expect(row).toMatchObject({ name: "", status: "INACTIVE", remindersOn: false, messageNoticesOn: false });
    expect(row.erasedAt).not.toBeNull();
    expect(await db.careTeamMember.count({ where: { clientId: w.client.id } })).toBe(0);
  });

  it("a care provider put on the client's team meanwhile is refused, and no care team is left", async () => {
    const w = await makeWorld();
    const { saving, erasing } = await erasureUnderWay(w);
    const adding = refusal(updateCaregiver(await w.scope("staff"), w.outsider.id, { addClientIds: [w.client.id] }, 0));
    await race.untilWaiting(2);
    await saving.release();
    await erasing;
    expect(await adding).toBe("conflict");
    expect(await db.careTeamMember.count({ where: { clientId: w.client.id } })).toBe(0);
  });
});

// The conversation read while the erasure runs: the read found the session and its messages before
// the erasure committed, and its "read up to" mark, written after the erasure had deleted the
// marks, stayed on the erased session (left by the race review, 2026-12-07). So did the mark of a
// message notice queued meanwhile, with its email. Neither may be written on an erased client.
describe("reading a conversation while the client's record is erased", () => {
  /** The erasure, stopped after it deleted the read marks: it waits to delete the care team. */
  async function erasureAfterTheMarks(w: Awaited<ReturnType<typeof makeWorld>>) {
    const team = await race.holding(`select 1 from "CareTeamMember" where "clientId" = ${w.client.id} for update`);
    const erasing = eraseClient(libDb(), w.clinic.id, w.client.id);
    await race.waiterOf(team.pid);
    return { team, erasing };
  }
  const clientMessage = async (w: Awaited<ReturnType<typeof makeWorld>>) => {
    const { accountId } = await w.scope("client");
    return db.message.create({ data: { sessionId: w.session.id, authorAccountId: accountId, text: "Hello" } });
  };
  /** Settles once `n` of the pool's backends wait, or once `work` has settled without waiting. */
  const untilWaitingOr = async (n: number, work: Promise<unknown>) => {
    let settled = false;
    void work.finally(() => (settled = true)).catch(() => {});
    await race.untilWaiting(n).catch((e: unknown) => {
      if (!settled) throw e;
    });
  };

  it("the care provider's read is answered and audited, and leaves no mark on the erased session", async () => {
    const w = await makeWorld();
    await clientMessage(w);
    const carer = await w.scope("carer");
    const { team, erasing } = await erasureAfterTheMarks(w);
    const reading = listMessages(carer, w.session.id, { page: 0, size: 20, order: "oldest" }, 0);
    await untilWaitingOr(2, reading);
    await team.release();
    await erasing;
    expect((await reading).content).toHaveLength(1);
    expect(await db.messageRead.count({ where: { sessionId: w.session.id } })).toBe(0);
    expect(
      await db.auditLog.count({
        where: { action: "READ_MESSAGES", targetId: w.session.id, accountId: carer.accountId },
      }),
    ).toBe(1);
  });

  it("a message notice queued meanwhile marks nothing and sends no email", async () => {
    const w = await makeWorld();
    await clientMessage(w);
    const carer = await w.scope("carer");
    const { team, erasing } = await erasureAfterTheMarks(w);
    const noticing = messageNotice({ sessionId: w.session.id, accountId: carer.accountId });
    await untilWaitingOr(2, noticing);
    await team.release();
    await erasing;
    await noticing;
    expect(await db.messageRead.count({ where: { sessionId: w.session.id } })).toBe(0);
    const emails = await db.$queryRaw<{ n: number }[]>`
      select count(*)::int as n from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'send-email' and j.payload->>'to' = ${w.carer.email}`;
    expect(emails[0]?.n).toBe(0);
  });
});
