import type { LibraryModule } from "../types";
import { itemKeys, local, scaleItems } from "./items";

export const WHO5: LibraryModule = {
  key: "who-5",
  name: "WHO-5 Well-Being Index",
  nameFr: "Indice de bien-être OMS-5",
  definition: {
    blocks: [
      {
        type: "text",
        body: local([
          "Please indicate for each of the five statements which is closest to how you have been feeling over the last two weeks. Notice that higher numbers mean better well-being.",
          "Veuillez indiquer, pour chacune des cinq affirmations, laquelle se rapproche le plus de ce que vous avez ressenti au cours des deux dernières semaines. Notez que le chiffre est proportionnel au bien-être.",
        ]),
      },
      ...scaleItems(
        [
          ["I have felt cheerful and in good spirits", "Je me suis senti(e) bien et de bonne humeur"],
          ["I have felt calm and relaxed", "Je me suis senti(e) calme et tranquille"],
          ["I have felt active and vigorous", "Je me suis senti(e) plein(e) d'énergie et vigoureux(se)"],
          ["I woke up feeling fresh and rested", "Je me suis réveillé(e) en me sentant frais (fraîche) et dispos(e)"],
          [
            "My daily life has been filled with things that interest me",
            "Ma vie quotidienne a été remplie de choses intéressantes",
          ],
        ],
        // With their numbers, as on WHO's form: the instruction above speaks of them.
        [
          [5, "5 – All of the time", "5 – Tout le temps"],
          [4, "4 – Most of the time", "4 – La plupart du temps"],
          [3, "3 – More than half of the time", "3 – Plus de la moitié du temps"],
          [2, "2 – Less than half of the time", "2 – Moins de la moitié du temps"],
          [1, "1 – Some of the time", "1 – De temps en temps"],
          [0, "0 – At no time", "0 – Jamais"],
        ],
      ),
    ],
    scoring: {
      items: itemKeys(1, 5),
      reverse: [],
      // The raw score (0–25) times 4 is the percentage score the manual interprets.
      multiplier: 4,
      range: { min: 0, max: 100 },
      subscales: [],
      bands: [
        { min: 0, max: 28, label: local(["Likely depression", "Dépression probable"]) },
        {
          min: 29,
          max: 50,
          label: local(["Poor wellbeing (screen for depression)", "Bien-être faible (dépister une dépression)"]),
        },
        {
          min: 51,
          max: 100,
          label: local(["No indication of poor wellbeing", "Pas d'indication de bien-être faible"]),
        },
      ],
      // The manual's rule beside the total: an answer of 0 or 1 on any item is an indication for
      // testing for depression, whatever the total. A flag for the next review, not an emergency.
      alerts: [
        ...itemKeys(1, 5).map((question) => ({
          question,
          below: 2,
          urgent: false,
          message: local([
            "An answer of 0 or 1 (some of the time, or at no time): the WHO-5 manual reads it as an indication for testing for depression.",
            "Une réponse de 0 ou 1 (de temps en temps, ou jamais) : le manuel du WHO-5 y voit une indication de dépister une dépression.",
          ]),
        })),
        // Higher is better here: the manual reads a 10-point difference of the percentage score as
        // a significant change, so a fall, from the last score or the first, is the deterioration.
        {
          total: true,
          fall: 10,
          urgent: false,
          message: local([
            "Down 10 or more since the last WHO-5 or the first, a significant change by its manual: review the treatment plan.",
            "En baisse de 10 ou plus depuis le dernier WHO-5 ou le premier, un changement significatif selon son manuel : revoir le plan de traitement.",
          ]),
        },
      ],
    },
    source: {
      citation:
        "World Health Organization Regional Office for Europe. Wellbeing measures in primary health care: the DepCare project. Copenhagen: WHO; 1998. Topp CW, Østergaard SD, Søndergaard S, Bech P. The WHO-5 Well-Being Index: a systematic review of the literature. Psychother Psychosom. 2015;84(3):167-176. French: the French version distributed by the Psychiatric Research Unit, Mental Health Centre North Zealand (« Indice de bien-être OMS-5 »).",
      scoringReference:
        "Raw score = sum of the five items (0-5 each), 0-25; percentage score = raw × 4, 0-100 (higher is better). A raw score below 13 (percentage below 52) indicates poor wellbeing and is an indication for testing for depression, as is an answer of 0 or 1 on any item; Topp et al. 2015: 50 or below, screen for depression; 28 or below, likely depression. A 10-point difference of the percentage score is a significant change.",
      licence:
        "Free to use without permission (Psychiatric Research Unit, Mental Health Centre North Zealand, for the WHO Regional Office for Europe); to be reproduced unchanged.",
    },
  },
};
