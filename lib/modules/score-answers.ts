import { type LocalTextT, type ModuleDefinitionT, type QuestionT, isQuestion } from "@/lib/schemas/module-definition";

/**
 * An alert raised at submit: by an answer's value, or by the total score (`question` null; for a
 * change, with the client's `previous` and `first` scores on the module).
 */
export type Alert = {
  question: string | null;
  value: number;
  previous?: number;
  first?: number;
  urgent: boolean;
  message: LocalTextT;
};

/** The client's scores on a module before this one: the latest, and the first. */
export type ScoreHistory = { previous: number; first: number };

/**
 * The scoring's rules on a change of the total, in order: `sign` 1 for a rise, −1 for a fall; one
 * is raised by a total `by` or more in its direction from the previous score or from the first.
 */
export const changeRules = (definition: ModuleDefinitionT) =>
  (definition.scoring?.alerts ?? []).flatMap((r) =>
    r.rise !== undefined
      ? [{ sign: 1, by: r.rise, message: r.message }]
      : r.fall !== undefined
        ? [{ sign: -1, by: r.fall, message: r.message }]
        : [],
  );

/** A test's result, computed by the server at submit. */
export type Scored = {
  score: number;
  /** The band's English label (Assignment.band) and the band itself. */
  band: string;
  bandLabel: LocalTextT;
  subscales: Record<string, number>;
  alerts: Alert[];
};

/**
 * Scores a complete, checked set of answers (question key → value) by the definition's scoring;
 * null when the module is not a test. The total is the sum of the items' values (a reverse-scored
 * item counts as lowest + highest − v) times the multiplier; a subscale is the plain sum of its
 * items (reverse applied, no multiplier: PCL-5's clusters are raw sums); the band is the last one
 * starting at or below the total; an alert is raised by an answer's value (or the total, for a
 * rule on the total) above its rule's `above` or below its `below`; after those, a rule on the
 * total's change for a total at least `rise` above (or `fall` below) the client's previous or
 * first score on the module (`history`; the submit leaves it null and raises these in its
 * statement, which reads the scores under a lock: submit-assignment.ts, the same rule). Measured
 * from the first score too, a slow drift over several scores counts as much as a jump. An item
 * left unanswered (only possible where the author made it optional) counts 0.
 */
export function scoreAnswers(
  definition: ModuleDefinitionT,
  answers: ReadonlyMap<string, unknown>,
  history: ScoreHistory | null = null,
): Scored | null {
  const s = definition.scoring;
  if (!s) return null;
  const questions = new Map(definition.blocks.filter(isQuestion).map((q) => [q.key, q]));
  const item = (key: string) => {
    const q = questions.get(key);
    const v = q && valueOf(q, answers.get(key));
    if (q === undefined || v === undefined) return 0;
    if (!s.reverse.includes(key)) return v;
    const range = valuesOf(q);
    return Math.min(...range) + Math.max(...range) - v;
  };
  const sum = (keys: string[]) => keys.reduce((total, key) => total + item(key), 0);
  const score = sum(s.items) * s.multiplier;
  const band = s.bands.findLast((b) => b.min <= score) ?? s.bands[0];
  // The schema requires at least one band; this only satisfies the type.
  if (!band) return null;
  const subscales = Object.fromEntries(s.subscales.map((sub) => [sub.key, sum(sub.items)]));
  const alerts = s.alerts.flatMap((rule): Alert[] => {
    const q = rule.question === undefined ? undefined : questions.get(rule.question);
    const value = rule.total ? score : q && valueOf(q, answers.get(q.key));
    return value !== undefined && crosses(rule, value)
      ? [{ question: rule.question ?? null, value, urgent: rule.urgent, message: rule.message }]
      : [];
  });
  if (history)
    for (const rule of changeRules(definition))
      if (Math.max(rule.sign * (score - history.previous), rule.sign * (score - history.first)) >= rule.by)
        alerts.push({ question: null, value: score, ...history, urgent: false, message: rule.message });
  return { score, band: band.label.en, bandLabel: band.label, subscales, alerts };
}

type AlertRule = NonNullable<ModuleDefinitionT["scoring"]>["alerts"][number];

/** Whether a value is beyond a rule's `above` or `below` (a change rule has neither). */
const crosses = (rule: AlertRule, value: number) =>
  rule.above !== undefined ? value > rule.above : rule.below !== undefined && value < rule.below;

/** An alert of answers saved but not submitted, with the `answer` as given then. */
export type SavedAlert = Alert & { question: string; answer: unknown };

/** The rules on an answer that saved answers cross, each with its alert, in order. */
function crossedAnswerRules(definition: ModuleDefinitionT, answers: ReadonlyMap<string, unknown>) {
  const questions = new Map(definition.blocks.filter(isQuestion).map((q) => [q.key, q]));
  return (definition.scoring?.alerts ?? []).flatMap((rule) => {
    const q = rule.question === undefined ? undefined : questions.get(rule.question);
    const answer = q && answers.get(q.key);
    const value = q && valueOf(q, answer);
    return q && value !== undefined && crosses(rule, value)
      ? [{ rule, alert: { question: q.key, value, answer, urgent: rule.urgent, message: rule.message } }]
      : [];
  });
}

/**
 * The alerts that answers saved but not yet submitted raise, by the rules on an answer (a rule on
 * the total waits for the complete set), in order; each with the `answer` as given, which a later
 * save may change. The care team is told of an urgent one the client leaves unsubmitted
 * (lib/jobs/handlers/saved-alert.ts).
 */
export const savedAnswerAlerts = (definition: ModuleDefinitionT, answers: ReadonlyMap<string, unknown>): SavedAlert[] =>
  crossedAnswerRules(definition, answers).map((x) => x.alert);

type ToldAlert = Pick<Alert, "question" | "value" | "message" | "urgent"> & { answer?: unknown };

const sameRule = (a: Pick<Alert, "question" | "message">, b: Pick<Alert, "question" | "message">) =>
  a.question === b.question && a.message.en === b.message.en && a.message.fr === b.message.fr;

/**
 * The urgent alerts of saved answers that are worse than those the care team was told of: raised by
 * a rule that raised none then, or by an answer further beyond its rule (PHQ-9 item 9 from "several
 * days" to "nearly every day"). An answer changed back, or to one no worse, is not.
 */
export function worseThanTold(
  definition: ModuleDefinitionT,
  answers: ReadonlyMap<string, unknown>,
  told: readonly Pick<Alert, "question" | "value" | "message">[],
): SavedAlert[] {
  return crossedAnswerRules(definition, answers).flatMap(({ rule, alert }) => {
    const before = told.find((t) => sameRule(t, alert));
    const further = !before || (rule.above !== undefined ? alert.value > before.value : alert.value < before.value);
    return alert.urgent && further ? [alert] : [];
  });
}

/**
 * The alerts to store when the care team is told again of saved answers worse than those they were
 * told of (`told`, stored): per rule the worst they have been told of, the answers saved now where
 * those are worse, the ones told before where not (an answer since changed back or below its rule
 * included), so that answers going back and forth are told of once; with the worse ones, which
 * are what the care team is told again of (none: nobody is).
 */
export function mergeTold(
  definition: ModuleDefinitionT,
  answers: ReadonlyMap<string, unknown>,
  told: readonly ToldAlert[],
): { alerts: ToldAlert[]; worse: SavedAlert[] } {
  const worse = worseThanTold(definition, answers, told);
  const raisedSince = savedAnswerAlerts(definition, answers).filter((a) => !told.some((t) => sameRule(t, a)));
  return { alerts: [...told.map((t) => worse.find((w) => sameRule(w, t)) ?? t), ...raisedSince], worse };
}

/** An answer's numeric value: a scale's point, a single choice's option score, a number. */
function valueOf(q: QuestionT, answer: unknown): number | undefined {
  if (q.type === "single") return q.options.find((o) => o.value === answer)?.score;
  if ((q.type === "scale" || q.type === "number") && typeof answer === "number") return answer;
  return undefined;
}

/** The values an item can take, whose lowest and highest reverse it. */
function valuesOf(q: QuestionT): number[] {
  if (q.type === "scale") return q.points.map((p) => p.value);
  if (q.type === "single") return q.options.flatMap((o) => (o.score === undefined ? [] : [o.score]));
  if (q.type === "number") return [q.min, q.max];
  return [0];
}
