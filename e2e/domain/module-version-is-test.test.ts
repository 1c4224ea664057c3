import { describe, expect, it } from "vitest";
import { PHQ9 } from "@/lib/library/measures";
import { db, makeWorld } from "./support/domain-world";

// A version's isTest is kept by the database from its definition (a scoring section or none), so
// the assignment object can say it without reading the definition: whatever writes the version,
// and whatever it says isTest is, the flag follows the definition.
describe("a module version's isTest", () => {
  it("follows the definition on every insert and update, and cannot be set apart from it", async () => {
    const w = await makeWorld();
    const moduleId = (await db.module.findFirstOrThrow({ where: { bookId: w.book.id }, select: { id: true } })).id;
    const isTestOf = async (id: number) =>
      (await db.moduleVersion.findUniqueOrThrow({ where: { id }, select: { isTest: true } })).isTest;

    const scored = await db.moduleVersion.create({
      data: { moduleId, version: 50, definition: PHQ9.definition },
      select: { id: true, isTest: true },
    });
    expect(scored.isTest).toBe(true);
    const plain = await db.moduleVersion.create({
      data: { moduleId, version: 51, definition: { blocks: [] }, isTest: true },
      select: { id: true, isTest: true },
    });
    expect(plain.isTest).toBe(false);

    await db.moduleVersion.update({ where: { id: plain.id }, data: { isTest: true } });
    expect(await isTestOf(plain.id)).toBe(false);
    await db.moduleVersion.update({ where: { id: scored.id }, data: { definition: { blocks: [] } } });
    expect(await isTestOf(scored.id)).toBe(false);
    // Straight SQL as well: the rule is the database's, not the client library's.
    await db.$executeRawUnsafe(
      `update "ModuleVersion" set definition = $1::jsonb where id = $2`,
      JSON.stringify(PHQ9.definition),
      plain.id,
    );
    expect(await isTestOf(plain.id)).toBe(true);
  });
});
