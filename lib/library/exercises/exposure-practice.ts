import { choices, define, say, t } from "../define";
import type { LibraryModule } from "../types";

const distress = (key: string, en: string, fr: string) => ({
  type: "number" as const,
  key,
  label: t(en, fr),
  min: 0,
  max: 100,
  step: 5,
});

/** Exposure therapy: the record of one practice, centred on what was learned (expectancy violation). */
export const EXPOSURE_PRACTICE: LibraryModule = {
  key: "exposure-practice",
  name: "Exposure practice record",
  nameFr: "Journal des expositions",
  definition: define({
    blocks: [
      say(
        "Practise one step of your fear ladder. Before you start, write down what you fear will happen. Stay in the situation until you have learned what you set out to learn, or until your distress has clearly dropped, and leave out your safety behaviours. **Distress during practice is expected: it is part of how the fear is unlearned.** Rate distress from 0 (none) to 100 (the most you can imagine).",
        "Pratiquez une étape de votre échelle de la peur. Avant de commencer, notez ce que vous craignez qu'il arrive. Restez dans la situation jusqu'à avoir appris ce que vous vouliez apprendre, ou jusqu'à ce que la détresse ait nettement baissé, et laissez de côté vos comportements de sécurité. **Ressentir de la détresse pendant l'exercice est normal : c'est ainsi que la peur se désapprend.** Notez la détresse de 0 (aucune) à 100 (la plus forte imaginable).",
      ),
      { type: "date", key: "date", label: t("Date of the practice", "Date de l'exercice") },
      {
        type: "shortText",
        key: "step",
        label: t("Which step did you practise?", "Quelle étape avez-vous pratiquée ?"),
      },
      {
        type: "longText",
        key: "prediction",
        label: t("What did you fear would happen?", "Que craigniez-vous qu'il arrive ?"),
        maxLength: 1000,
      },
      distress("distress_before", "Distress just before (0–100)", "Détresse juste avant (0–100)"),
      distress(
        "distress_peak",
        "Highest distress during the practice (0–100)",
        "Détresse la plus forte pendant l'exercice (0–100)",
      ),
      distress("distress_end", "Distress at the end (0–100)", "Détresse à la fin (0–100)"),
      {
        type: "number",
        key: "minutes",
        label: t("How long did you stay?", "Combien de temps êtes-vous resté(e) ?"),
        min: 1,
        max: 600,
        step: 1,
        unit: t("minutes", "minutes"),
      },
      {
        type: "single",
        key: "outcome",
        label: t("Did what you feared happen?", "Ce que vous craigniez est-il arrivé ?"),
        options: choices(["no", "No", "Non"], ["partly", "Partly", "En partie"], ["yes", "Yes", "Oui"]),
      },
      {
        type: "longText",
        key: "learned",
        label: t("What did you learn? How did you cope?", "Qu'avez-vous appris ? Comment avez-vous fait face ?"),
        maxLength: 2000,
      },
      {
        type: "single",
        key: "next",
        label: t("Next time you will…", "La prochaine fois, vous allez…"),
        options: choices(
          ["repeat", "Repeat this step", "Refaire cette étape"],
          ["move_up", "Move up the ladder", "Monter d'une étape"],
          ["easier", "Try an easier step first", "Essayer d'abord une étape plus facile"],
        ),
      },
    ],
  }),
};
