import type { QuestionT } from "@/lib/schemas/module-definition";
import type { LibraryModule } from "../types";
import { type Point, itemKeys, local, scaleItems } from "./items";

/** The PHQ and GAD-7 response options (Pfizer's English and French versions). */
export const FREQUENCY: readonly Point[] = [
  [0, "Not at all", "Jamais"],
  [1, "Several days", "Plusieurs jours"],
  [2, "More than half the days", "Plus de la moitié du temps"],
  [3, "Nearly every day", "Presque tous les jours"],
];

/** The functional question that closes the PHQ-9 and the GAD-7: asked, never scored. */
export const DIFFICULTY: QuestionT = {
  type: "single",
  key: "difficulty",
  label: local([
    "If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?",
    "Si vous avez coché au moins un des problèmes évoqués, à quel point ce(s) problème(s) a-t-il (ont-ils) rendu votre travail, vos tâches à la maison ou votre capacité à vous entendre avec les autres difficile(s) ?",
  ]),
  required: false,
  options: [
    { value: "not-difficult", label: local(["Not difficult at all", "Pas du tout difficile(s)"]) },
    { value: "somewhat", label: local(["Somewhat difficult", "Assez difficile(s)"]) },
    { value: "very", label: local(["Very difficult", "Très difficile(s)"]) },
    { value: "extremely", label: local(["Extremely difficult", "Extrêmement difficile(s)"]) },
  ],
};

export const PHQ9: LibraryModule = {
  key: "phq-9",
  name: "PHQ-9",
  nameFr: null,
  definition: {
    blocks: [
      {
        type: "text",
        body: local([
          "Over the last 2 weeks, how often have you been bothered by any of the following problems?",
          "Au cours des 2 dernières semaines, selon quelle fréquence avez-vous été gêné(e) par les problèmes suivants ?",
        ]),
      },
      ...scaleItems(
        [
          ["Little interest or pleasure in doing things", "Peu d'intérêt ou de plaisir à faire les choses"],
          ["Feeling down, depressed, or hopeless", "Être triste, déprimé(e) ou désespéré(e)"],
          [
            "Trouble falling or staying asleep, or sleeping too much",
            "Difficultés à s'endormir ou à rester endormi(e), ou dormir trop",
          ],
          ["Feeling tired or having little energy", "Se sentir fatigué(e) ou manquer d'énergie"],
          ["Poor appetite or overeating", "Avoir peu d'appétit ou manger trop"],
          [
            "Feeling bad about yourself — or that you are a failure or have let yourself or your family down",
            "Avoir une mauvaise opinion de soi-même, ou avoir le sentiment d'être nul(le), ou d'avoir déçu sa famille ou s'être déçu(e) soi-même",
          ],
          [
            "Trouble concentrating on things, such as reading the newspaper or watching television",
            "Avoir du mal à se concentrer, par exemple, pour lire le journal ou regarder la télévision",
          ],
          [
            "Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual",
            "Bouger ou parler si lentement que les autres auraient pu le remarquer. Ou au contraire, être si agité(e) que vous avez eu du mal à tenir en place par rapport à d'habitude",
          ],
          [
            "Thoughts that you would be better off dead or of hurting yourself in some way",
            "Penser qu'il vaudrait mieux mourir ou envisager de vous faire du mal d'une manière ou d'une autre",
          ],
        ],
        FREQUENCY,
      ),
      DIFFICULTY,
      // After the instrument, not inside it: the validated items stay as published. Item 9 also
      // raises an alert for the care team at submit, but the client must not wait for that.
      {
        type: "text",
        body: local([
          "**If you have thoughts that you would be better off dead or of hurting yourself**, do not wait for your next session: contact your care provider or your doctor today, or call an emergency number (112 in Europe, 911 in North America) at once.",
          "**Si vous pensez qu'il vaudrait mieux mourir ou envisagez de vous faire du mal**, n'attendez pas votre prochaine séance : contactez aujourd'hui votre intervenant ou votre médecin, ou appelez immédiatement un numéro d'urgence (112 en Europe, 911 en Amérique du Nord).",
        ]),
      },
    ],
    scoring: {
      items: itemKeys(1, 9),
      reverse: [],
      multiplier: 1,
      range: { min: 0, max: 27 },
      subscales: [],
      bands: [
        { min: 0, max: 4, label: local(["Minimal", "Minimale"]) },
        { min: 5, max: 9, label: local(["Mild", "Légère"]) },
        { min: 10, max: 14, label: local(["Moderate", "Modérée"]) },
        { min: 15, max: 19, label: local(["Moderately severe", "Modérément sévère"]) },
        { min: 20, max: 27, label: local(["Severe", "Sévère"]) },
      ],
      alerts: [
        {
          question: "item9",
          above: 0,
          urgent: true,
          message: local([
            "Thoughts of being better off dead or of self-harm (item 9): assess suicide risk.",
            "Pensées de mort ou d'autoagression (item 9) : évaluer le risque suicidaire.",
          ]),
        },
        // The manual's severe band: a flag for the next review, not an emergency (no email).
        {
          total: true,
          above: 19,
          urgent: false,
          message: local([
            "Severe depressive symptoms (total 20 or more): review the treatment plan.",
            "Symptômes dépressifs sévères (total de 20 ou plus) : revoir le plan de traitement.",
          ]),
        },
        // Reliable deterioration: a rise beyond the measure's error of measurement, from the last
        // score or the first.
        {
          total: true,
          rise: 6,
          urgent: false,
          message: local([
            "Up 6 or more since the last PHQ-9 or the first, a reliable deterioration: review the treatment plan.",
            "En hausse de 6 ou plus depuis le dernier PHQ-9 ou le premier, une détérioration fiable : revoir le plan de traitement.",
          ]),
        },
      ],
    },
    source: {
      citation:
        "Kroenke K, Spitzer RL, Williams JBW. The PHQ-9: validity of a brief depression severity measure. J Gen Intern Med. 2001;16(9):606-613. English: the Patient Health Questionnaire-9 of the PHQ Screeners (phqscreeners.com). French: Pfizer's French version for France (« Questionnaire sur la santé du patient-9 »).",
      scoringReference:
        "Pfizer, Instructions for Patient Health Questionnaire (PHQ) and GAD-7 Measures: items 1-9 scored 0-3 and summed (0-27); 5, 10, 15 and 20 are the cut-points of mild, moderate, moderately severe and severe depression. Any answer above 0 on item 9 calls for a suicide risk assessment. The difficulty question is asked and not scored. Reliable change: 6 points (NHS England, NHS Talking Therapies for anxiety and depression manual, reliable improvement and deterioration).",
      licence:
        "Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.",
    },
  },
};
