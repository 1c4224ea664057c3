import { choices, define, percent, say, t } from "../define";
import type { LibraryModule } from "../types";

const strength = percent(t("not at all", "pas du tout"), t("as strong as it gets", "le plus fort possible"));
const belief = percent(t("not at all", "pas du tout"), t("completely", "complètement"));

/** Cognitive restructuring: the classic seven-column thought record. */
export const THOUGHT_RECORD: LibraryModule = {
  key: "thought-record",
  name: "Thought record",
  nameFr: "Tableau des pensées",
  definition: define({
    blocks: [
      say(
        "When your mood suddenly changes, a thought has often just gone through your mind. These thoughts come automatically and feel true, but they are not always the whole picture.\n\nA thought record helps you **catch the thought**, **look at the evidence** and **find a more balanced way of seeing things**. Fill one in soon after a moment when you felt upset, while you still remember it well. The aim is not to think positively, but to think accurately.",
        "Quand votre humeur change brusquement, une pensée vient souvent de vous traverser l'esprit. Ces pensées arrivent automatiquement et semblent vraies, mais elles ne disent pas toujours tout.\n\nLe tableau des pensées vous aide à **repérer la pensée**, **examiner les faits** et **trouver une façon plus nuancée de voir les choses**. Remplissez-le peu après un moment où vous vous êtes senti(e) mal, tant que vous vous en souvenez bien. Le but n'est pas de penser positivement, mais de penser avec justesse.",
      ),
      { type: "date", key: "date", label: t("When did it happen?", "Quand est-ce arrivé ?") },
      {
        type: "longText",
        key: "situation",
        label: t("Situation", "Situation"),
        help: t(
          "Where were you, who were you with, what was happening? Stick to the facts.",
          "Où étiez-vous, avec qui, que se passait-il ? Tenez-vous-en aux faits.",
        ),
        maxLength: 2000,
      },
      {
        type: "shortText",
        key: "emotion",
        label: t("What did you feel?", "Qu'avez-vous ressenti ?"),
        help: t(
          "One or two words: sad, anxious, angry, ashamed, guilty…",
          "Un ou deux mots : triste, anxieux(se), en colère, honteux(se), coupable…",
        ),
      },
      {
        type: "scale",
        key: "emotion_before",
        label: t("How strong was that feeling?", "Quelle était l'intensité de ce sentiment ?"),
        points: strength,
      },
      {
        type: "longText",
        key: "automatic_thought",
        label: t("Automatic thought", "Pensée automatique"),
        help: t(
          "What went through your mind just before or as you started to feel this way? If there were several thoughts, write the one that upset you most.",
          "Que vous est-il passé par la tête juste avant ou au moment où vous avez commencé à vous sentir ainsi ? S'il y en avait plusieurs, notez celle qui vous a le plus touché(e).",
        ),
        maxLength: 1000,
      },
      {
        type: "scale",
        key: "belief_before",
        label: t("How much did you believe that thought?", "À quel point croyiez-vous cette pensée ?"),
        points: belief,
      },
      {
        type: "longText",
        key: "evidence_for",
        label: t("Evidence that supports the thought", "Ce qui va dans le sens de la pensée"),
        help: t("Facts, not interpretations.", "Des faits, pas des interprétations."),
        maxLength: 2000,
      },
      {
        type: "longText",
        key: "evidence_against",
        label: t("Evidence that does not support the thought", "Ce qui ne va pas dans le sens de la pensée"),
        help: t(
          "What would you say to a friend who had this thought? Has there been a time when it was not true?",
          "Que diriez-vous à un ami qui aurait cette pensée ? Y a-t-il eu un moment où elle n'était pas vraie ?",
        ),
        maxLength: 2000,
      },
      {
        type: "multiple",
        key: "thinking_traps",
        required: false,
        label: t("Thinking traps you notice", "Pièges de pensée que vous remarquez"),
        options: choices(
          ["all_or_nothing", "All-or-nothing thinking", "Pensée tout ou rien"],
          ["catastrophising", "Expecting the worst", "Catastrophisme"],
          ["mind_reading", "Mind reading", "Lecture de pensée"],
          ["fortune_telling", "Predicting the future", "Prédire l'avenir"],
          ["overgeneralising", "Overgeneralising", "Généralisation excessive"],
          ["should", "Should and must", "« Je dois », « il faut »"],
          ["discounting", "Discounting the positive", "Disqualifier le positif"],
          [
            "emotional_reasoning",
            "Emotional reasoning (I feel it, so it is true)",
            "Raisonnement émotionnel (je le ressens, donc c'est vrai)",
          ],
          ["labelling", "Labelling", "Étiquetage"],
          ["personalising", "Taking the blame", "Personnalisation"],
        ),
      },
      {
        type: "longText",
        key: "balanced_thought",
        label: t("A more balanced thought", "Une pensée plus nuancée"),
        help: t(
          "Taking all the evidence into account, what is a fairer way to see it?",
          "En tenant compte de tous les éléments, quelle serait une façon plus juste de voir les choses ?",
        ),
        maxLength: 1000,
      },
      {
        type: "scale",
        key: "belief_after",
        label: t(
          "How much do you believe the automatic thought now?",
          "À quel point croyez-vous la pensée automatique maintenant ?",
        ),
        points: belief,
      },
      {
        type: "scale",
        key: "emotion_after",
        label: t("How strong is the feeling now?", "Quelle est l'intensité du sentiment maintenant ?"),
        points: strength,
      },
      {
        type: "longText",
        key: "learned",
        required: false,
        label: t("What did you learn?", "Qu'avez-vous appris ?"),
        maxLength: 2000,
      },
    ],
  }),
};
