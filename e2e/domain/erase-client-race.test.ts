import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseClient } from "@/lib/clients/erase-client";
import { db as libDb } from "@/lib/db/prisma";
import { db, makeWorld } from "./support/domain-world";
import { raceOnOwnConnections } from "./support/race";

// An erasure while the client is still writing: an answer saved in a transaction that commits
// while the erasure runs must go with the rest, and the erasure must not fail on it (before, it
// deleted the answers it could see, then the assignment, which the new answer still referenced).
const race = raceOnOwnConnections();
beforeAll(() => race.start());
afterAll(() => race.stop());

describe("erasing a client's record while the client saves an answer", () => {
  it("waits for the save, then erases the answer it made too", async () => {
    const w = await makeWorld();
    const assignment = await db.assignment.findFirstOrThrow({
      where: { sessionId: w.session.id },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    const saving = await race.holding(
      `insert into "AutoSaveAnswer" ("assignmentId", "questionKey", value, "updatedAt") values (${assignment.id}, 'late-${w.u}', '"typed"', now())`,
    );
    const erasing = eraseClient(libDb(), w.clinic.id, w.client.id).then(
      (r) => r,
      (e: unknown) => e,
    );
    await race.waiterOf(saving.pid);
    await saving.release();
    const r = await erasing;
    expect(r).toMatchObject({ sessions: 1 });
    expect(await db.autoSaveAnswer.count({ where: { assignmentId: assignment.id } })).toBe(0);
    expect(await db.assignment.count({ where: { sessionId: w.session.id } })).toBe(0);
  });
});
