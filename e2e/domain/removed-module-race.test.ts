import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addHomework } from "@/lib/assignments/add-homework";
import { removeModule } from "@/lib/authoring/remove-module";
import { toAppError } from "@/lib/gateway/handler";
import { makeBook } from "@/prisma/factories";
import { db, makeWorld } from "./support/domain-world";
import { uid } from "../support/world";
import { raceOnOwnConnections } from "./support/race";

// Homework reads its books' modules, then inserts one assignment per module. A module removed in
// between (never assigned until then, so its removal is allowed) is gone when the insert names
// it: the caller must get a 409 that changed nothing, not a 500.

const race = raceOnOwnConnections();
beforeAll(() => race.start());
afterAll(() => race.stop());

describe("a module removed while homework of its book is being added", () => {
  it("answers the homework with a 409 that adds nothing, and the module is gone", async () => {
    const w = await makeWorld();
    const book = await makeBook(db, {
      clinicId: w.clinic.id,
      name: `Removed ${uid()}`,
      modules: [{ name: "Soon gone" }],
    });
    const [module] = book.modules;
    if (!module) throw new Error("the book has no module");
    const before = await db.assignment.count({ where: { sessionId: w.session.id } });

    // The homework has read the book's modules and waits to insert its assignments.
    const inserts = await race.holding(`lock table "Assignment" in share mode`);
    const adding = addHomework(
      await w.scope("carer"),
      { sessionId: w.session.id, bookIds: [book.id] },
      { offset: 0 },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    await race.waiterOf(inserts.pid);
    await removeModule(await w.scope("staff"), module.id);
    await inserts.release();

    const refused = await adding;
    expect(refused, "the homework was added").not.toBeNull();
    expect(toAppError(refused).code).toBe("conflict");
    expect(await db.assignment.count({ where: { sessionId: w.session.id } })).toBe(before);
    expect(await db.module.count({ where: { id: module.id } })).toBe(0);
  });
});
