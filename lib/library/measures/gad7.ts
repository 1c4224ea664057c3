import type { LibraryModule } from "../types";
import { itemKeys, local, scaleItems } from "./items";
import { DIFFICULTY, FREQUENCY } from "./phq9";

export const GAD7: LibraryModule = {
  key: "gad-7",
  name: "GAD-7",
  nameFr: null,
  definition: {
    blocks: [
      {
        type: "text",
        body: local([
          "Over the last 2 weeks, how often have you been bothered by the following problems?",
          "Au cours des 14 derniers jours, à quelle fréquence avez-vous été dérangé(e) par les problèmes suivants ?",
        ]),
      },
      // French: Pfizer's French version for France, word for word (until 2026-12-06 a mixture of it
      // and the version for Canada, with items 2 and 3 in neither).
      ...scaleItems(
        [
          ["Feeling nervous, anxious, or on edge", "Un sentiment de nervosité, d'anxiété ou de tension"],
          [
            "Not being able to stop or control worrying",
            "Une incapacité à arrêter de s'inquiéter ou à contrôler ses inquiétudes",
          ],
          ["Worrying too much about different things", "Une inquiétude excessive à propos de différentes choses"],
          ["Trouble relaxing", "Des difficultés à se détendre"],
          [
            "Being so restless that it is hard to sit still",
            "Une agitation telle qu'il est difficile à tenir en place",
          ],
          ["Becoming easily annoyed or irritable", "Une tendance à être facilement contrarié(e) ou irritable"],
          [
            "Feeling afraid, as if something awful might happen",
            "Un sentiment de peur comme si quelque chose de terrible risquait de se produire",
          ],
        ],
        FREQUENCY,
      ),
      DIFFICULTY,
    ],
    scoring: {
      items: itemKeys(1, 7),
      reverse: [],
      multiplier: 1,
      range: { min: 0, max: 21 },
      subscales: [],
      bands: [
        { min: 0, max: 4, label: local(["Minimal", "Minimale"]) },
        { min: 5, max: 9, label: local(["Mild", "Légère"]) },
        { min: 10, max: 14, label: local(["Moderate", "Modérée"]) },
        { min: 15, max: 21, label: local(["Severe", "Sévère"]) },
      ],
      // The manual's cut-point for further evaluation, and a reliable deterioration: flags for the
      // next review (no email).
      alerts: [
        {
          total: true,
          above: 9,
          urgent: false,
          message: local([
            "Total 10 or more: the manual calls for further evaluation of anxiety.",
            "Total de 10 ou plus : le manuel recommande une évaluation plus poussée de l'anxiété.",
          ]),
        },
        // Reliable deterioration: a rise beyond the measure's error of measurement, from the last
        // score or the first.
        {
          total: true,
          rise: 4,
          urgent: false,
          message: local([
            "Up 4 or more since the last GAD-7 or the first, a reliable deterioration: review the treatment plan.",
            "En hausse de 4 ou plus depuis le dernier GAD-7 ou le premier, une détérioration fiable : revoir le plan de traitement.",
          ]),
        },
      ],
    },
    source: {
      citation:
        "Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Arch Intern Med. 2006;166(10):1092-1097. English: the GAD-7 of the PHQ Screeners (phqscreeners.com). French: Pfizer's French version for France.",
      scoringReference:
        "Pfizer, Instructions for Patient Health Questionnaire (PHQ) and GAD-7 Measures: items 1-7 scored 0-3 and summed (0-21); 5, 10 and 15 are the cut-points of mild, moderate and severe anxiety; 10 or more calls for further evaluation. The difficulty question is asked and not scored. Reliable change: 4 points (NHS England, NHS Talking Therapies for anxiety and depression manual, reliable improvement and deterioration).",
      licence:
        "Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.",
    },
  },
};
