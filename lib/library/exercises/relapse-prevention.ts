import { choices, define, say, t } from "../define";
import type { LibraryModule } from "../types";

/** The end of therapy: a written plan for keeping well and for acting early on warning signs. */
export const RELAPSE_PREVENTION: LibraryModule = {
  key: "relapse-prevention",
  name: "Staying well: my relapse prevention plan",
  nameFr: "Maintenir les acquis : mon plan de prévention de la rechute",
  definition: define({
    blocks: [
      say(
        "Ups and downs are part of life, and difficult weeks will come again. **A lapse (a bad day or week) is not a relapse**: it is a signal to use what you have learned. A plan written while you are well makes it easier to notice early signs and act on them. Share it with someone you trust.",
        "Les hauts et les bas font partie de la vie, et des semaines difficiles reviendront. **Un faux pas (une mauvaise journée ou semaine) n'est pas une rechute** : c'est un signal pour utiliser ce que vous avez appris. Un plan écrit quand on va bien aide à repérer les premiers signes et à agir. Partagez-le avec une personne de confiance.",
      ),
      {
        type: "longText",
        key: "learned",
        label: t(
          "What have you learned in therapy that helped most?",
          "Qu'avez-vous appris en thérapie qui vous a le plus aidé(e) ?",
        ),
        maxLength: 2000,
      },
      {
        type: "multiple",
        key: "keep_doing",
        label: t("What will you keep doing to stay well?", "Que continuerez-vous à faire pour rester en forme ?"),
        options: choices(
          ["routine", "A regular sleep and meal routine", "Des horaires réguliers de sommeil et de repas"],
          ["activity", "Physical activity", "De l'activité physique"],
          ["people", "Time with people who matter to me", "Du temps avec des personnes qui comptent"],
          ["pleasant", "Planning enjoyable activities", "Planifier des activités agréables"],
          ["thoughts", "Thought records when my mood drops", "Le tableau des pensées quand mon humeur baisse"],
          ["exposure", "Facing situations instead of avoiding them", "Affronter les situations plutôt que les éviter"],
          [
            "check_in",
            "Checking my mood with a questionnaire each month",
            "Faire le point chaque mois avec un questionnaire",
          ],
        ),
      },
      {
        type: "longText",
        key: "warning_signs",
        label: t("My early warning signs", "Mes signes d'alerte précoces"),
        help: t(
          "Thoughts, feelings, behaviours and changes that others might notice, such as sleeping badly, cancelling plans or snapping at people.",
          "Pensées, émotions, comportements et changements que les autres peuvent remarquer : mal dormir, annuler ses projets, s'emporter…",
        ),
        maxLength: 2000,
      },
      {
        type: "longText",
        key: "risky_situations",
        label: t(
          "Situations that could be hard for me in the coming months",
          "Les situations qui pourraient être difficiles pour moi dans les mois à venir",
        ),
        maxLength: 2000,
      },
      {
        type: "longText",
        key: "action_plan",
        label: t("If I notice warning signs, I will…", "Si je remarque des signes d'alerte, je vais…"),
        help: t("Concrete steps, in order.", "Des étapes concrètes, dans l'ordre."),
        maxLength: 2000,
      },
      {
        type: "shortText",
        key: "support",
        label: t("Who can support me, and how will I contact them?", "Qui peut me soutenir, et comment le contacter ?"),
        maxLength: 300,
      },
      say(
        "**If you ever have thoughts of harming yourself**, do not wait for your next session: contact your care provider or your doctor the same day, or an emergency service at once.",
        "**Si vous avez un jour des pensées de vous faire du mal**, n'attendez pas la séance suivante : contactez votre soignant ou votre médecin le jour même, ou immédiatement un service d'urgence.",
      ),
      { type: "date", key: "review_date", label: t("When will you review this plan?", "Quand relirez-vous ce plan ?") },
    ],
  }),
};
