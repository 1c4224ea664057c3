import { choices, define, say, t, zeroToTen } from "../define";
import type { LibraryModule } from "../types";

/** Psychoeducation: why practice between sessions matters, and a plan for doing it. */
export const HOW_CBT_HOMEWORK_WORKS: LibraryModule = {
  key: "how-cbt-homework-works",
  name: "How CBT homework works",
  nameFr: "Comment fonctionnent les exercices de TCC",
  definition: define({
    blocks: [
      say(
        "**Why homework?**\n\nCognitive behavioural therapy (CBT) is a practical therapy. A session is one hour a week; the rest of the week is where change happens. People who practise between sessions tend to get more out of therapy, so each week your care provider gives you a few short exercises.\n\n**What homework looks like**\n\n- Short exercises: noticing your thoughts, planning activities, keeping a diary.\n- Short questionnaires that show how you are doing week by week, so you and your care provider can see what is changing.\n- Reading that explains how a problem works and what helps.\n\n**Tips that help**\n\n- Pick a regular time and place, like any other appointment.\n- Done is better than perfect: there are no wrong answers.\n- If something gets in the way, write it down. That is useful to talk about in your next session.\n- Your care provider reads what you submit and gives you feedback.",
        "**Pourquoi des exercices ?**\n\nLa thérapie cognitive et comportementale (TCC) est une thérapie pratique. Une séance dure une heure par semaine ; le reste de la semaine, c'est là que le changement se fait. Les personnes qui s'exercent entre les séances en retirent en général davantage ; chaque semaine, votre soignant vous propose donc quelques exercices courts.\n\n**À quoi ressemblent les exercices**\n\n- Des exercices courts : repérer ses pensées, planifier des activités, tenir un agenda.\n- De courts questionnaires qui montrent comment vous allez semaine après semaine, pour que vous et votre soignant voyiez ce qui change.\n- Des lectures qui expliquent comment fonctionne une difficulté et ce qui aide.\n\n**Ce qui aide**\n\n- Choisissez un moment et un lieu réguliers, comme pour un rendez-vous.\n- Fait vaut mieux que parfait : il n'y a pas de mauvaise réponse.\n- Si quelque chose vous en empêche, notez-le. C'est utile pour en parler à la séance suivante.\n- Votre soignant lit ce que vous envoyez et vous fait un retour.",
      ),
      {
        type: "longText",
        key: "hopes",
        label: t(
          "What would you like to be different by the end of therapy?",
          "Qu'aimeriez-vous voir changer d'ici la fin de la thérapie ?",
        ),
        help: t(
          "Describe what you would be doing, not only what you would stop feeling.",
          "Décrivez ce que vous feriez, pas seulement ce que vous ne ressentiriez plus.",
        ),
        maxLength: 2000,
      },
      {
        type: "shortText",
        key: "when",
        label: t(
          "When in your week will you do your homework?",
          "À quel moment de la semaine ferez-vous vos exercices ?",
        ),
        help: t("For example: Tuesday and Friday after dinner.", "Par exemple : mardi et vendredi après le dîner."),
      },
      {
        type: "scale",
        key: "confidence",
        label: t(
          "How confident are you that you can do your homework most weeks?",
          "À quel point êtes-vous confiant(e) de pouvoir faire vos exercices la plupart des semaines ?",
        ),
        points: zeroToTen(t("not at all", "pas du tout"), t("completely", "tout à fait")),
      },
      {
        type: "multiple",
        key: "obstacles",
        required: false,
        label: t("What might get in the way?", "Qu'est-ce qui pourrait vous en empêcher ?"),
        options: choices(
          ["time", "Not enough time", "Manque de temps"],
          ["forgetting", "Forgetting", "L'oubli"],
          ["energy", "Low energy or motivation", "Peu d'énergie ou de motivation"],
          ["unsure", "Not sure what to do", "Ne pas savoir quoi faire"],
          ["privacy", "No private place", "Pas d'endroit tranquille"],
          ["other", "Something else", "Autre chose"],
        ),
      },
    ],
  }),
};
