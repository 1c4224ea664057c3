import { choices, define, say, t, zeroToTen } from "../define";
import type { LibraryModule } from "../types";

/** Values clarification (as in behavioural activation and ACT): what matters, and one step towards it. */
export const VALUES: LibraryModule = {
  key: "values",
  name: "Values: what matters to you",
  nameFr: "Valeurs : ce qui compte pour vous",
  definition: define({
    blocks: [
      say(
        "Values are what matters to you deep down: the kind of person you want to be and what you want to stand for. They are different from goals. **A goal can be reached and ticked off** (finishing a course); **a value is a direction you keep following** (learning, being a caring friend), like heading west on a compass.\n\nWhen life is hard, it is easy to lose touch with our values. Small, planned steps in a valued direction can bring back a sense of meaning, even before you feel better.",
        "Les valeurs, c'est ce qui compte pour vous au fond : la personne que vous voulez être, ce que vous voulez défendre. Elles sont différentes des objectifs. **Un objectif peut être atteint et coché** (finir une formation) ; **une valeur est une direction que l'on continue de suivre** (apprendre, être un ami attentionné), comme aller vers l'ouest avec une boussole.\n\nQuand la vie est difficile, on perd facilement le contact avec ses valeurs. De petits pas planifiés dans une direction qui compte peuvent redonner du sens, même avant de se sentir mieux.",
      ),
      {
        type: "multiple",
        key: "areas",
        label: t(
          "Which areas of life matter most to you right now?",
          "Quels domaines de vie comptent le plus pour vous en ce moment ?",
        ),
        help: t("Choose up to three.", "Choisissez-en jusqu'à trois."),
        maxChoices: 3,
        options: choices(
          ["family", "Family", "Famille"],
          ["partner", "Partner and intimacy", "Couple et intimité"],
          ["friends", "Friendships", "Amitiés"],
          ["work", "Work or study", "Travail ou études"],
          ["health", "Health and body", "Santé et corps"],
          ["leisure", "Leisure and play", "Loisirs et détente"],
          ["growth", "Learning and growth", "Apprentissage et développement"],
          ["community", "Community and helping others", "Vie collective et aide aux autres"],
          ["spirituality", "Spirituality or nature", "Spiritualité ou nature"],
        ),
      },
      {
        type: "longText",
        key: "values",
        label: t(
          "In those areas, what kind of person do you want to be?",
          "Dans ces domaines, quelle personne voulez-vous être ?",
        ),
        help: t(
          "For example: a patient parent, a reliable colleague, someone who keeps learning.",
          "Par exemple : un parent patient, un collègue fiable, quelqu'un qui continue d'apprendre.",
        ),
        maxLength: 2000,
      },
      {
        type: "scale",
        key: "living",
        label: t(
          "How closely has your life followed these values over the past two weeks?",
          "Au cours des deux dernières semaines, à quel point votre vie a-t-elle suivi ces valeurs ?",
        ),
        points: zeroToTen(t("not at all", "pas du tout"), t("completely", "complètement")),
      },
      {
        type: "shortText",
        key: "small_step",
        label: t(
          "One small step this week towards one of these values",
          "Un petit pas cette semaine vers l'une de ces valeurs",
        ),
        help: t("Something you can do in under an hour.", "Quelque chose que vous pouvez faire en moins d'une heure."),
      },
      { type: "date", key: "step_date", label: t("When will you take that step?", "Quand ferez-vous ce pas ?") },
    ],
  }),
};
