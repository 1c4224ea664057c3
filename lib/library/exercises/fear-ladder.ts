import { define, say, t } from "../define";
import type { LibraryModule } from "../types";

const STEPS = 8;
/** Steps the client must fill in: a ladder needs a few rungs; the rest are optional. */
const REQUIRED_STEPS = 5;

const step = (n: number) => [
  {
    type: "shortText" as const,
    key: `step_${n}`,
    required: n <= REQUIRED_STEPS,
    label: t(`Step ${n}: the situation`, `Étape ${n} : la situation`),
  },
  {
    type: "number" as const,
    key: `step_${n}_distress`,
    required: n <= REQUIRED_STEPS,
    label: t(`Step ${n}: expected distress (0–100)`, `Étape ${n} : détresse attendue (0–100)`),
    min: 0,
    max: 100,
    step: 5,
  },
];

/** Exposure therapy: the graded hierarchy of feared situations (fear ladder). */
export const FEAR_LADDER: LibraryModule = {
  key: "fear-ladder",
  name: "Fear ladder",
  nameFr: "Échelle de la peur",
  definition: define({
    blocks: [
      say(
        "Avoiding what we fear brings relief in the moment, but it keeps the fear going: we never find out that we can cope, or that what we fear does not happen. **Exposure** means facing feared situations on purpose, step by step, until they become manageable.\n\nA fear ladder lists situations from the least to the most frightening. Rate how much distress you expect in each, from **0** (none) to **100** (the most you can imagine).\n\n- Start with steps around 30 to 40: hard enough to learn from, not overwhelming.\n- Make each step concrete: where, with whom, for how long.\n- You will practise each step several times before moving up.",
        "Éviter ce qui nous fait peur soulage sur le moment, mais entretient la peur : on ne découvre jamais qu'on peut faire face, ni que ce que l'on craint n'arrive pas. **L'exposition** consiste à affronter volontairement les situations redoutées, pas à pas, jusqu'à ce qu'elles deviennent gérables.\n\nL'échelle de la peur classe les situations de la moins à la plus effrayante. Estimez la détresse que vous attendez dans chacune, de **0** (aucune) à **100** (la plus forte imaginable).\n\n- Commencez par des étapes autour de 30 à 40 : assez difficiles pour apprendre, sans être écrasantes.\n- Rendez chaque étape concrète : où, avec qui, combien de temps.\n- Vous pratiquerez chaque étape plusieurs fois avant de monter.",
      ),
      {
        type: "shortText",
        key: "fear",
        label: t("What fear do you want to work on?", "Sur quelle peur voulez-vous travailler ?"),
        help: t("For example: speaking up in meetings.", "Par exemple : prendre la parole en réunion."),
      },
      {
        type: "longText",
        key: "goal",
        label: t(
          "At the top of the ladder, what will you be able to do?",
          "En haut de l'échelle, que serez-vous capable de faire ?",
        ),
        maxLength: 1000,
      },
      say(
        "**Your ladder**, from the easiest step (1) to the hardest.",
        "**Votre échelle**, de l'étape la plus facile (1) à la plus difficile.",
      ),
      ...Array.from({ length: STEPS }, (_, i) => step(i + 1)).flat(),
      {
        type: "longText",
        key: "safety_behaviours",
        required: false,
        label: t("Safety behaviours you will drop", "Comportements de sécurité que vous abandonnerez"),
        help: t(
          "Things you do to feel safer that stop you learning, such as holding a drink, avoiding eye contact or having someone with you.",
          "Ce que vous faites pour vous sentir plus en sécurité et qui vous empêche d'apprendre : tenir un verre, éviter le regard, être accompagné(e)…",
        ),
        maxLength: 1000,
      },
      {
        type: "shortText",
        key: "first_step",
        label: t("Which step will you practise first, and when?", "Quelle étape pratiquerez-vous d'abord, et quand ?"),
      },
    ],
  }),
};
