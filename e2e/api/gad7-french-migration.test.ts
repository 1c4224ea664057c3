// GAD-7's French items were, until 2026-12-06, a mixture of Pfizer's French version for France and
// the version for Canada (items 2 and 3 in neither; docs/library.md, "Found by a review as a
// clinical psychologist"). The library now has the version for France; a migration gives the copies
// of clinics created before a version with those words, and homework given before keeps its own.
import { describe, expect, it } from "vitest";
import type { Tx } from "@/lib/db/prisma";
import { migrationRolledBack } from "./support/rolled-back-migration";
import { db, makeWorld } from "./support/world";

const MIGRATION = "20261206180000_gad7_french_items";

/** The French items as clinics created before 2026-12-06 were given them. */
const EARLIER: Record<string, string> = {
  item1: "Sentiment de nervosité, d'anxiété ou de tension",
  item2: "Incapable d'arrêter de s'inquiéter ou de contrôler ses inquiétudes",
  item3: "Inquiétudes excessives à propos de différentes choses",
  item4: "Difficulté à se détendre",
  item5: "Agitation telle qu'il est difficile de rester tranquille",
  item6: "Devenir facilement contrarié(e) ou irritable",
  item7: "Avoir peur que quelque chose d'épouvantable puisse arriver",
};

type Block = { key?: string; label?: { en: string; fr?: string } };
type Definition = { blocks: Block[] };

const isDefinition = (v: unknown): v is Definition =>
  typeof v === "object" && v !== null && Array.isArray((v as { blocks?: unknown }).blocks);

describe(`migration ${MIGRATION}`, () => {
  it("gives an earlier clinic's GAD-7 a version in the French version for France's words, nothing else changed; homework given before keeps its version", async () => {
    const w = await makeWorld();
    const copy = await db.module.findFirstOrThrow({
      where: { libraryKey: "gad-7", book: { clinicId: w.clinic.id } },
      select: { id: true, versions: { select: { id: true, version: true, definition: true } } },
    });
    const [first] = copy.versions;
    expect(copy.versions).toHaveLength(1);
    if (!first || !isDefinition(first.definition)) throw new Error("the copy has no definition");
    const now = first.definition;
    const earlier: Definition = {
      ...now,
      blocks: now.blocks.map((b) =>
        b.key && b.label && b.key in EARLIER ? { ...b, label: { ...b.label, fr: EARLIER[b.key] } } : b,
      ),
    };
    expect(earlier).not.toEqual(now);

    const versions = (tx: Tx) =>
      tx.moduleVersion.findMany({
        where: { moduleId: copy.id },
        orderBy: { version: "asc" },
        select: { version: true, definition: true },
      });
    // As a clinic created before: its copy's only version in the earlier words.
    const seen = await migrationRolledBack(MIGRATION, versions, (tx) =>
      tx.moduleVersion.update({ where: { id: first.id }, data: { definition: earlier } }),
    );
    // The earlier version stays, for the homework given it; the new one is the library's words.
    expect(seen).toEqual([
      { version: 1, definition: earlier },
      { version: 2, definition: now },
    ]);
    // A copy already in the new words (every clinic created since) gets no version.
    const untouched = await migrationRolledBack(MIGRATION, versions);
    expect(untouched).toEqual([{ version: 1, definition: now }]);
  });
});
