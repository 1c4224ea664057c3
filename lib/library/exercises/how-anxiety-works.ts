import { choices, define, say, t } from "../define";
import type { LibraryModule } from "../types";

/** Psychoeducation: the fight-or-flight response and how avoidance keeps anxiety going. */
export const HOW_ANXIETY_WORKS: LibraryModule = {
  key: "how-anxiety-works",
  name: "How anxiety works",
  nameFr: "Comment fonctionne l'anxiété",
  definition: define({
    blocks: [
      say(
        '**Anxiety is a normal alarm.** When we sense danger, the body prepares to fight or run: the heart beats faster, breathing speeds up, muscles tense, and the mind focuses on the threat. This is uncomfortable but not dangerous.\n\n**When the alarm goes off too often**, it is usually because we expect danger where there is little. Anxious thoughts ("I will make a fool of myself", "something bad will happen") trigger the body\'s alarm, and the sensations seem to confirm the danger.\n\n**Avoidance keeps the circle going.** Escaping or avoiding the situation brings quick relief, so we do it again. But we never learn that we could have coped, and the fear stays, or grows.\n\n**What helps** is to face feared situations step by step (exposure), to question anxious predictions, and to drop the small safety behaviours that stop us from learning. The next modules show you how.',
        "**L'anxiété est une alarme normale.** Quand nous percevons un danger, le corps se prépare à combattre ou à fuir : le cœur bat plus vite, la respiration s'accélère, les muscles se tendent et l'esprit se concentre sur la menace. C'est désagréable, mais pas dangereux.\n\n**Quand l'alarme se déclenche trop souvent**, c'est en général parce que nous attendons un danger là où il y en a peu. Les pensées anxieuses (« je vais me ridiculiser », « quelque chose de grave va arriver ») déclenchent l'alarme du corps, et les sensations semblent confirmer le danger.\n\n**L'évitement entretient le cercle.** Fuir ou éviter la situation soulage vite, alors on recommence. Mais on n'apprend jamais qu'on aurait pu faire face, et la peur reste, ou grandit.\n\n**Ce qui aide**, c'est d'affronter les situations redoutées pas à pas (l'exposition), de questionner les prédictions anxieuses et d'abandonner les petits comportements de sécurité qui empêchent d'apprendre. Les modules suivants vous montrent comment.",
      ),
      {
        type: "multiple",
        key: "body_signs",
        label: t(
          "Which signs of anxiety do you notice in your body?",
          "Quels signes d'anxiété remarquez-vous dans votre corps ?",
        ),
        options: choices(
          ["heart", "Racing or pounding heart", "Cœur qui bat vite ou fort"],
          ["breath", "Short or fast breathing", "Respiration courte ou rapide"],
          ["tension", "Tense muscles", "Muscles tendus"],
          ["stomach", "Upset stomach or nausea", "Estomac noué ou nausée"],
          ["sweat", "Sweating or trembling", "Transpiration ou tremblements"],
          ["dizzy", "Dizziness", "Vertiges"],
          ["restless", "Restlessness", "Agitation"],
        ),
      },
      {
        type: "longText",
        key: "anxious_thoughts",
        label: t(
          "What do you usually fear will happen when you feel anxious?",
          "Que craignez-vous en général qu'il arrive quand vous êtes anxieux(se) ?",
        ),
        maxLength: 2000,
      },
      {
        type: "longText",
        key: "avoidance",
        label: t(
          "What do you avoid, or do to feel safer, because of anxiety?",
          "Qu'évitez-vous, ou que faites-vous pour vous sentir plus en sécurité, à cause de l'anxiété ?",
        ),
        maxLength: 2000,
      },
      {
        type: "single",
        key: "avoidance_cost",
        label: t("How much does avoidance limit your life?", "À quel point l'évitement limite-t-il votre vie ?"),
        options: choices(
          ["not_at_all", "Not at all", "Pas du tout"],
          ["a_little", "A little", "Un peu"],
          ["quite_a_lot", "Quite a lot", "Assez"],
          ["a_great_deal", "A great deal", "Énormément"],
        ),
      },
    ],
  }),
};
