import { define, say, t, zeroToTen } from "../define";
import type { LibraryModule } from "../types";

const rating = (low: [string, string], high: [string, string]) => zeroToTen(t(...low), t(...high));

/** Behavioural activation: plan activities, do them whatever the mood, notice what they give. */
export const ACTIVITY_SCHEDULING: LibraryModule = {
  key: "activity-scheduling",
  name: "Activity scheduling",
  nameFr: "Planification d'activités",
  definition: define({
    blocks: [
      say(
        "When mood is low, we tend to do less: we wait until we feel like it. Doing less means fewer moments of enjoyment or achievement, and the mood drops further. **Activity scheduling breaks this circle: you plan activities in advance and do them because they are planned, not because you feel like it.** The mood often follows the action.\n\n- Plan a mix of activities that bring **pleasure** (enjoyment) and **mastery** (a sense of achievement, even a small one).\n- Start small: a ten-minute walk counts. Break big tasks into steps.\n- Write down the day and time of each activity.\n- Afterwards, rate how it went. You may notice it helped more than you expected.",
        "Quand le moral est bas, on a tendance à faire moins de choses : on attend d'en avoir envie. Faire moins, c'est avoir moins de moments de plaisir ou de réussite, et le moral baisse encore. **La planification d'activités casse ce cercle : vous prévoyez des activités à l'avance et vous les faites parce qu'elles sont prévues, pas parce que vous en avez envie.** L'humeur suit souvent l'action.\n\n- Prévoyez un mélange d'activités qui apportent du **plaisir** et de la **maîtrise** (un sentiment de réussite, même petit).\n- Commencez petit : dix minutes de marche, ça compte. Découpez les grandes tâches en étapes.\n- Notez le jour et l'heure de chaque activité.\n- Ensuite, notez comment cela s'est passé. Vous remarquerez peut-être que cela a aidé plus que prévu.",
      ),
      // Asked first, so that the count done reads as a share of the plan (4 of 5, not of 12).
      {
        type: "number",
        key: "activities_planned",
        label: t(
          "How many activities did you plan for this week?",
          "Combien d'activités aviez-vous prévues pour cette semaine ?",
        ),
        min: 0,
        max: 50,
        step: 1,
      },
      {
        type: "number",
        key: "activities_done",
        label: t(
          "How many of the activities you planned did you do this week?",
          "Combien des activités prévues avez-vous faites cette semaine ?",
        ),
        min: 0,
        max: 50,
        step: 1,
      },
      {
        type: "shortText",
        key: "activity",
        label: t(
          "Choose one activity you did. What was it?",
          "Choisissez une activité que vous avez faite. Laquelle ?",
        ),
      },
      { type: "date", key: "done_on", label: t("When did you do it?", "Quand l'avez-vous faite ?") },
      {
        type: "scale",
        key: "mood_before",
        label: t("Your mood just before", "Votre humeur juste avant"),
        points: rating(["very low", "très basse"], ["very good", "très bonne"]),
      },
      {
        type: "scale",
        key: "mood_after",
        label: t("Your mood just after", "Votre humeur juste après"),
        points: rating(["very low", "très basse"], ["very good", "très bonne"]),
      },
      {
        type: "scale",
        key: "pleasure",
        label: t("Pleasure: how much did you enjoy it?", "Plaisir : à quel point l'avez-vous apprécié ?"),
        points: rating(["not at all", "pas du tout"], ["very much", "énormément"]),
      },
      {
        type: "scale",
        key: "mastery",
        label: t(
          "Mastery: how much of an achievement was it, given how you felt?",
          "Maîtrise : quelle réussite était-ce, compte tenu de votre état ?",
        ),
        points: rating(["none", "aucune"], ["a great deal", "une grande réussite"]),
      },
      {
        type: "longText",
        key: "noticed",
        required: false,
        label: t(
          "What did you notice? What got in the way of the activities you did not do?",
          "Qu'avez-vous remarqué ? Qu'est-ce qui vous a empêché(e) de faire les autres activités ?",
        ),
        maxLength: 2000,
      },
      {
        type: "longText",
        key: "next_week",
        label: t("Your plan for next week", "Votre plan pour la semaine prochaine"),
        help: t(
          "Three to five activities, each with its day and time. For example: Monday 18:00, call my sister.",
          "Trois à cinq activités, chacune avec son jour et son heure. Par exemple : lundi 18 h, appeler ma sœur.",
        ),
        maxLength: 2000,
      },
    ],
  }),
};
