import { describe, expect, it } from "vitest";
import { giveAssignmentFeedback } from "@/lib/assignments/give-assignment-feedback";
import { closeSession } from "@/lib/sessions/close-session";
import { db, makeWorld } from "./support/domain-world";

// Closing a session (lib/sessions/close-session.ts): only by the care team, never while submitted
// homework waits for feedback, and once.
describe("closing a session", () => {
  it("is refused while an assignment waits for feedback, and leaves the session open", async () => {
    const w = await makeWorld();
    await expect(closeSession(await w.scope("carer"), w.session.id)).rejects.toMatchObject({
      code: "conflict",
      detail: "the session cannot be closed while 1 assignment waits for feedback",
    });
    expect((await db.session.findUniqueOrThrow({ where: { id: w.session.id } })).closedAt).toBeNull();
  });

  it("succeeds once the feedback is given, and a second close is a conflict", async () => {
    const w = await makeWorld();
    const carer = await w.scope("carer");
    const waiting = w.session.assignmentIds[2]!;
    await giveAssignmentFeedback(carer, waiting, { text: "Well done." }, 0);
    expect(await closeSession(carer, w.session.id)).toEqual({
      id: w.session.id,
      isClosed: true,
      runningStatus: "COMPLETED",
    });
    expect((await db.session.findUniqueOrThrow({ where: { id: w.session.id } })).closedAt).not.toBeNull();
    await expect(closeSession(carer, w.session.id)).rejects.toMatchObject({
      code: "conflict",
      detail: "the session is already closed",
    });
  });
});
