import { choices, define, say, t } from "../define";
import type { LibraryModule } from "../types";

// A time of day: the diary's times give time in bed and sleep efficiency
// (lib/results/sleep-summary.ts).
const clock = (key: string, en: string, fr: string) => ({
  type: "time" as const,
  key,
  label: t(en, fr),
  // For a browser without a time picker, which shows a text box.
  help: t("On a 24-hour clock, for example 23:15.", "Au format 24 heures, par exemple 23:15."),
});

const minutes = (key: string, en: string, fr: string, max: number, required = true) => ({
  type: "number" as const,
  key,
  required,
  label: t(en, fr),
  min: 0,
  max,
  // To the minute: "2 minutes" to fall asleep is an answer, and the Consensus Sleep Diary asks
  // for minutes, not five-minute blocks.
  step: 1,
  unit: t("minutes", "minutes"),
});

/**
 * One night of a sleep diary, with the core questions of the Consensus Sleep Diary (Carney et al.,
 * 2012, Sleep 35:287–302): enough to work out time in bed, sleep onset, wake after sleep onset and
 * sleep efficiency for CBT for insomnia.
 */
export const SLEEP_DIARY: LibraryModule = {
  key: "sleep-diary",
  name: "Sleep diary",
  nameFr: "Agenda du sommeil",
  definition: define({
    blocks: [
      say(
        "Fill this in each morning, within an hour of getting up, about the night just gone. Estimates are fine: do not watch the clock at night to fill it in. Over a week or two, the diary shows your sleep pattern, which is the starting point for improving it.",
        "Remplissez-le chaque matin, dans l'heure qui suit le lever, pour la nuit qui vient de passer. Des estimations suffisent : ne regardez pas l'heure la nuit pour le remplir. Au bout d'une ou deux semaines, l'agenda montre votre façon de dormir, point de départ pour l'améliorer.",
      ),
      { type: "date", key: "night_of", label: t("Night of (the date you went to bed)", "Nuit du (date du coucher)") },
      clock("bed_time", "What time did you get into bed?", "À quelle heure vous êtes-vous mis(e) au lit ?"),
      clock("lights_out", "What time did you try to go to sleep?", "À quelle heure avez-vous essayé de dormir ?"),
      minutes(
        "minutes_to_sleep",
        "How long did it take you to fall asleep?",
        "Combien de temps avez-vous mis à vous endormir ?",
        720,
      ),
      {
        type: "number",
        key: "awakenings",
        label: t(
          "How many times did you wake up, not counting your final awakening?",
          "Combien de fois vous êtes-vous réveillé(e), sans compter le réveil final ?",
        ),
        min: 0,
        max: 30,
        step: 1,
      },
      minutes(
        "minutes_awake",
        "In total, how long did these awakenings last?",
        "Au total, combien de temps ces réveils ont-ils duré ?",
        720,
      ),
      clock("final_awakening", "What time was your final awakening?", "À quelle heure a eu lieu votre réveil final ?"),
      clock(
        "out_of_bed",
        "What time did you get out of bed for the day?",
        "À quelle heure vous êtes-vous levé(e) pour la journée ?",
      ),
      {
        type: "single",
        key: "quality",
        label: t("How would you rate the quality of your sleep?", "Comment évaluez-vous la qualité de votre sommeil ?"),
        options: choices(
          ["very_poor", "Very poor", "Très mauvaise"],
          ["poor", "Poor", "Mauvaise"],
          ["fair", "Fair", "Moyenne"],
          ["good", "Good", "Bonne"],
          ["very_good", "Very good", "Très bonne"],
        ),
      },
      minutes(
        "naps",
        "Minutes spent napping or dozing yesterday",
        "Minutes de sieste ou d'assoupissement hier",
        600,
        false,
      ),
      {
        type: "multiple",
        key: "factors",
        required: false,
        label: t("Anything that may have affected your sleep?", "Quelque chose a-t-il pu influencer votre sommeil ?"),
        options: choices(
          ["caffeine", "Caffeine after midday", "Caféine après midi"],
          ["alcohol", "Alcohol", "Alcool"],
          ["screens", "Screens in bed", "Écrans au lit"],
          ["late_exercise", "Exercise late in the evening", "Sport tard le soir"],
          ["worry", "Worry or stress", "Soucis ou stress"],
          ["pain", "Pain or illness", "Douleur ou maladie"],
          ["noise", "Noise, light or temperature", "Bruit, lumière ou température"],
        ),
      },
      {
        type: "longText",
        key: "notes",
        required: false,
        label: t("Notes", "Remarques"),
        maxLength: 1000,
      },
    ],
  }),
};
