// PCL-5's French instructions and 16 of its items were, until 2026-12-06, a translation of their
// own, not the French version the source names (attributed to Ashbaugh et al. 2016; docs/library.md,
// "Found by a review as a clinical psychologist"). The library now has that version's words; a
// migration gives the copies of clinics created before a version with them, and homework given
// before keeps its own.
import { describe, it } from "vitest";
import { expectRewordedCopies } from "./support/reworded-measure";

const MIGRATION = "20261206220000_pcl5_french_items";

/** The French instructions as clinics created before 2026-12-06 were given them. */
const EARLIER_INSTRUCTIONS =
  "Voici une liste de problèmes que les gens éprouvent parfois suite à une expérience vraiment stressante. Veuillez lire chaque énoncé attentivement et indiquer dans quelle mesure vous avez été dérangé(e) par ce problème au cours du dernier mois.\n\nAu cours du dernier mois, dans quelle mesure avez-vous été affecté(e) par :";

/** The French items as clinics created before 2026-12-06 were given them (items 1, 2, 12 and 19
 *  were already the published words). */
const EARLIER: Record<string, string> = {
  item3:
    "Se sentir ou agir soudainement comme si vous viviez à nouveau l'expérience stressante (comme si vous y étiez à nouveau) ?",
  item4: "Se sentir très bouleversé(e) lorsque quelque chose vous rappelle l'expérience stressante ?",
  item5:
    "Avoir de fortes réactions physiques lorsque quelque chose vous rappelle l'expérience stressante (par exemple, cœur qui bat fort, difficultés à respirer, transpiration) ?",
  item6: "Éviter les souvenirs, les pensées ou les sentiments liés à l'expérience stressante ?",
  item7:
    "Éviter les éléments extérieurs qui vous rappellent l'expérience stressante (par exemple, des personnes, des endroits, des conversations, des activités, des objets ou des situations) ?",
  item8: "Avoir du mal à vous rappeler des éléments importants de l'expérience stressante ?",
  item9:
    "Avoir des croyances négatives intenses sur vous-même, les autres ou le monde (par exemple, des pensées telles que : je suis mauvais(e), j'ai quelque chose de gravement anormal, on ne peut faire confiance à personne, le monde est complètement dangereux) ?",
  item10: "Vous blâmer ou blâmer quelqu'un d'autre pour l'expérience stressante ou pour ce qui s'est passé ensuite ?",
  item11: "Avoir des sentiments négatifs intenses tels que la peur, l'horreur, la colère, la culpabilité ou la honte ?",
  item13: "Vous sentir distant(e) ou coupé(e) des autres ?",
  item14:
    "Avoir du mal à éprouver des sentiments positifs (par exemple, être incapable de ressentir du bonheur ou des sentiments d'amour pour vos proches) ?",
  item15: "Un comportement irritable, des crises de colère ou agir de façon agressive ?",
  item16: "Prendre trop de risques ou faire des choses qui pourraient vous causer du tort ?",
  item17: "Être en état de « super-alerte », hypervigilant(e) ou sur vos gardes ?",
  item18: "Vous sentir nerveux(se) ou sursauter facilement ?",
  item20: "Avoir du mal à vous endormir ou à rester endormi(e) ?",
};

describe(`migration ${MIGRATION}`, () => {
  it("gives an earlier clinic's PCL-5 a version in the published French version's words, nothing else changed; homework given before keeps its version", async () => {
    // The instructions and the 16 items all had other words.
    await expectRewordedCopies(
      MIGRATION,
      "pcl-5",
      (now) => ({
        ...now,
        blocks: now.blocks.map((b) => {
          if (b.type === "text" && b.body) return { ...b, body: { ...b.body, fr: EARLIER_INSTRUCTIONS } };
          if (b.key && b.label && b.key in EARLIER) return { ...b, label: { ...b.label, fr: EARLIER[b.key] } };
          return b;
        }),
      }),
      17,
    );
  });
});
