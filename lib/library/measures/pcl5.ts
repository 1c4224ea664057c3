import type { LibraryModule } from "../types";
import { itemKeys, local, scaleItems } from "./items";

export const PCL5: LibraryModule = {
  key: "pcl-5",
  name: "PCL-5",
  nameFr: null,
  definition: {
    blocks: [
      {
        type: "text",
        body: local([
          "Below is a list of problems that people sometimes have in response to a very stressful experience. Please read each problem carefully and then indicate how much you have been bothered by that problem in the past month.\n\nIn the past month, how much were you bothered by:",
          "Voici une liste de problèmes que les gens éprouvent parfois suite à une expérience vraiment stressante. Veuillez lire chaque énoncé attentivement et cocher la case pour indiquer dans quelle mesure ce problème vous a affecté dans le dernier mois.\n\nDans le dernier mois, dans quelle mesure avez-vous été affecté par :",
        ]),
      },
      // French: the version attributed to Ashbaugh et al. (2016) as French research and clinical
      // forms word it, word for word (until 2026-12-06 the instructions and 16 of the items were a
      // translation of their own; docs/library.md).
      ...scaleItems(
        [
          [
            "Repeated, disturbing, and unwanted memories of the stressful experience?",
            "Des souvenirs répétés, pénibles et involontaires de l'expérience stressante ?",
          ],
          [
            "Repeated, disturbing dreams of the stressful experience?",
            "Des rêves répétés et pénibles de l'expérience stressante ?",
          ],
          [
            "Suddenly feeling or acting as if the stressful experience were actually happening again (as if you were actually back there reliving it)?",
            "Se sentir ou agir soudainement comme si vous viviez à nouveau l'expérience stressante ?",
          ],
          [
            "Feeling very upset when something reminded you of the stressful experience?",
            "Se sentir mal quand quelque chose vous rappelle l'événement ?",
          ],
          [
            "Having strong physical reactions when something reminded you of the stressful experience (for example, heart pounding, trouble breathing, sweating)?",
            "Avoir de fortes réactions physiques lorsque quelque chose vous rappelle l'événement (accélération cardiaque, difficulté respiratoire, sudation) ?",
          ],
          [
            "Avoiding memories, thoughts, or feelings related to the stressful experience?",
            "Essayer d'éviter les souvenirs, pensées, et sentiments liés à l'événement ?",
          ],
          [
            "Avoiding external reminders of the stressful experience (for example, people, places, conversations, activities, objects, or situations)?",
            "Essayer d'éviter les personnes et les choses qui vous rappellent l'expérience stressante (lieux, personnes, activités, objets) ?",
          ],
          [
            "Trouble remembering important parts of the stressful experience?",
            "Des difficultés à vous rappeler des parties importantes de l'événement ?",
          ],
          [
            "Having strong negative beliefs about yourself, other people, or the world (for example, having thoughts such as: I am bad, there is something seriously wrong with me, no one can be trusted, the world is completely dangerous)?",
            "Des croyances négatives sur vous-même, les autres, le monde (des croyances comme : je suis mauvais, j'ai quelque chose qui cloche, je ne peux avoir confiance en personne, le monde est dangereux) ?",
          ],
          [
            "Blaming yourself or someone else for the stressful experience or what happened after it?",
            "Vous blâmer ou blâmer quelqu'un d'autre pour l'événement ou ce qui s'est produit ensuite ?",
          ],
          [
            "Having strong negative feelings such as fear, horror, anger, guilt, or shame?",
            "Avoir des sentiments négatifs intenses tels que peur, horreur, colère, culpabilité, ou honte ?",
          ],
          [
            "Loss of interest in activities that you used to enjoy?",
            "Perdre de l'intérêt pour des activités que vous aimiez auparavant ?",
          ],
          ["Feeling distant or cut off from other people?", "Vous sentir distant ou coupé des autres ?"],
          [
            "Trouble experiencing positive feelings (for example, being unable to feel happiness or have loving feelings for people close to you)?",
            "Avoir du mal à éprouver des sentiments positifs (par exemple être incapable de ressentir de la joie ou de l'amour envers vos proches) ?",
          ],
          [
            "Irritable behavior, angry outbursts, or acting aggressively?",
            "Comportement irritable, explosions de colère, ou agir agressivement ?",
          ],
          [
            "Taking too many risks or doing things that could cause you harm?",
            "Prendre des risques inconsidérés ou encore avoir des conduites qui pourraient vous mettre en danger ?",
          ],
          [
            "Being “superalert” or watchful or on guard?",
            "Être en état de « super-alerte », hyper vigilant ou sur vos gardes ?",
          ],
          ["Feeling jumpy or easily startled?", "Sursauter facilement ?"],
          ["Having difficulty concentrating?", "Avoir du mal à vous concentrer ?"],
          ["Trouble falling or staying asleep?", "Avoir du mal à trouver le sommeil ou à rester endormi ?"],
        ],
        [
          [0, "Not at all", "Pas du tout"],
          [1, "A little bit", "Un peu"],
          [2, "Moderately", "Modérément"],
          [3, "Quite a bit", "Beaucoup"],
          [4, "Extremely", "Extrêmement"],
        ],
      ),
    ],
    scoring: {
      items: itemKeys(1, 20),
      reverse: [],
      multiplier: 1,
      range: { min: 0, max: 80 },
      // The DSM-5 symptom clusters, each the sum of its items (manual: "cluster severity scores").
      subscales: [
        { key: "B", label: local(["Intrusions (B, items 1–5)", "Intrusions (B, items 1–5)"]), items: itemKeys(1, 5) },
        { key: "C", label: local(["Avoidance (C, items 6–7)", "Évitement (C, items 6–7)"]), items: itemKeys(6, 7) },
        {
          key: "D",
          label: local([
            "Negative alterations in cognitions and mood (D, items 8–14)",
            "Altérations négatives des cognitions et de l'humeur (D, items 8–14)",
          ]),
          items: itemKeys(8, 14),
        },
        {
          key: "E",
          label: local([
            "Alterations in arousal and reactivity (E, items 15–20)",
            "Altérations de l'éveil et de la réactivité (E, items 15–20)",
          ]),
          items: itemKeys(15, 20),
        },
      ],
      bands: [
        { min: 0, max: 30, label: local(["Below the cut-point", "Sous le seuil"]) },
        {
          min: 31,
          max: 33,
          label: local(["Probable PTSD (provisional cut-point 31–33)", "TSPT probable (seuil provisoire 31–33)"]),
        },
        { min: 34, max: 80, label: local(["Probable PTSD", "TSPT probable"]) },
      ],
      // Flags for the next review (no email): the provisional cut-point, and a reliable
      // deterioration from the last score or the first.
      alerts: [
        {
          total: true,
          above: 30,
          urgent: false,
          message: local([
            "Total 31 or more, at the provisional cut-point for probable PTSD: confirm with a clinical interview (such as the CAPS-5).",
            "Total de 31 ou plus, au seuil provisoire d'un TSPT probable : confirmer par un entretien clinique (comme la CAPS-5).",
          ]),
        },
        {
          total: true,
          rise: 10,
          urgent: false,
          message: local([
            "Up 10 or more since the last PCL-5 or the first, a reliable and clinically meaningful deterioration: review the treatment plan.",
            "En hausse de 10 ou plus depuis le dernier PCL-5 ou le premier, une détérioration fiable et cliniquement significative : revoir le plan de traitement.",
          ]),
        },
      ],
    },
    source: {
      citation:
        "Weathers FW, Litz BT, Keane TM, Palmieri PA, Marx BP, Schnurr PP. The PTSD Checklist for DSM-5 (PCL-5). National Center for PTSD; 2013. Blevins CA, Weathers FW, Davis MT, Witte TK, Domino JL. J Trauma Stress. 2015;28(6):489-498. French: the version validated by Ashbaugh AR, Houle-Johnson S, Herbert C, El-Hage W, Brunet A. PLoS One. 2016;11(10):e0161645.",
      scoringReference:
        "National Center for PTSD, Using the PTSD Checklist for DSM-5 (PCL-5): 20 items scored 0-4 and summed (0-80); cluster severity scores B (items 1-5), C (6-7), D (8-14), E (15-20). A total between 31 and 33 is the provisional cut-point indicative of probable PTSD (scores at or above it: probable PTSD). A provisional DSM-5 diagnosis (an item rated 2 or more as a symptom endorsed: 1 B, 1 C, 2 D, 2 E) is not computed here. A change of 5 to 10 points is a reliable change, of 10 to 20 a clinically meaningful one.",
      licence:
        "The PCL-5 is in the public domain (U.S. Department of Veterans Affairs, National Center for PTSD). The French validation was published open access (CC BY 4.0).",
    },
  },
};
