// GAD-7's French items were, until 2026-12-06, a mixture of Pfizer's French version for France and
// the version for Canada (items 2 and 3 in neither; docs/library.md, "Found by a review as a
// clinical psychologist"). The library now has the version for France; a migration gives the copies
// of clinics created before a version with those words, and homework given before keeps its own.
import { describe, it } from "vitest";
import { expectRewordedCopies } from "./support/reworded-measure";

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

describe(`migration ${MIGRATION}`, () => {
  it("gives an earlier clinic's GAD-7 a version in the French version for France's words, nothing else changed; homework given before keeps its version", async () => {
    await expectRewordedCopies(
      MIGRATION,
      "gad-7",
      (now) => ({
        ...now,
        blocks: now.blocks.map((b) =>
          b.key && b.label && b.key in EARLIER ? { ...b, label: { ...b.label, fr: EARLIER[b.key] } } : b,
        ),
      }),
      7,
    );
  });
});
