"use client";

import type { ReactNode } from "react";
import { FormattedText } from "@/components/modules/formatted-text";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldDescription, FieldError, FormField, RequiredMark, describedBy } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Textarea } from "@/components/ui/textarea";
import { formatCalendarDayIn } from "@/lib/api-client/format-date";
import { isAnswered } from "@/lib/modules/unanswered";
import { isSiteImageFile } from "@/lib/modules/site-image";
import {
  inLanguage,
  isQuestion,
  type BlockT,
  type Lang,
  type LocalTextT,
  type ModuleDefinitionT,
  type QuestionT,
} from "@/lib/schemas/module-definition";
import { cn } from "@/lib/utils";

export type Answers = Record<string, unknown>;

// The renderer's own few words, in the module's language: it also runs outside the client's pages
// (the authoring page's live preview), where no page messages are loaded.
const WORDS = {
  en: {
    requiredNote: "Questions marked * need an answer.",
    optional: "(optional)",
    characters: (n: number, max: number) => `${formatNumber(n, "en")} of ${formatNumber(max, "en")} characters`,
    notAnswered: "Not answered",
    watch: "Watch the video",
    openImage: "Open the image",
    newTab: "(opens in a new tab)",
    range: (min: number, max: number) => `From ${formatNumber(min, "en")} to ${formatNumber(max, "en")}`,
    mostChosen: (n: number, most: number) =>
      `${String(n)} chosen of at most ${String(most)}: untick one to choose another.`,
  },
  fr: {
    requiredNote: "Les questions marquées * demandent une réponse.",
    optional: "(facultatif)",
    characters: (n: number, max: number) => `${formatNumber(n, "fr")} caractères sur ${formatNumber(max, "fr")}`,
    notAnswered: "Sans réponse",
    watch: "Voir la vidéo",
    openImage: "Ouvrir l’image",
    newTab: "(s’ouvre dans un nouvel onglet)",
    range: (min: number, max: number) => `De ${formatNumber(min, "fr")} à ${formatNumber(max, "fr")}`,
    mostChosen: (n: number, most: number) =>
      `${String(n)} choix sur ${String(most)} au plus : décochez-en un pour en choisir un autre.`,
  },
} as const;

type Words = (typeof WORDS)[Lang];

type Props = {
  definition: ModuleDefinitionT;
  lang: Lang;
  answers: Answers;
  onChange?: (key: string, value: unknown) => void;
  errors?: Record<string, string>;
  readOnly?: boolean;
  /** Prefix of the controls' ids, when a page shows more than one module (default "q"). */
  idPrefix?: string;
};

/**
 * A module as the client sees it: its content blocks and questions, in the client's language.
 * Controlled: `answers` by question key, `onChange(key, value)` on every change (undefined clears an
 * answer). `errors` by question key (from the server or the submit check), shown at the question
 * and tied to its control. `readOnly` for finished work: each question with the answer given.
 * Used by the client's homework page and by the authoring page's live preview.
 */
export function ModuleRenderer({ definition, lang, answers, onChange, errors = {}, readOnly, idPrefix = "q" }: Props) {
  const words = WORDS[lang];
  const t = (text: LocalTextT) => inLanguage(text, lang);
  const hasRequired = definition.blocks.some((b) => isQuestion(b) && b.required);
  if (readOnly)
    return (
      <div data-slot="module" lang={lang} className="flex min-w-0 flex-col gap-6">
        {runsOfQuestions(definition.blocks).map((run, i) =>
          run.kind === "questions" ? (
            // Each question a term and the answer given its definition: a screen reader says which
            // is which, and how many there are (plain paragraphs ran them together).
            <dl key={run.blocks[0]?.key ?? String(i)} className="flex min-w-0 flex-col gap-6">
              {run.blocks.map((q) => (
                <AnswerView key={q.key} question={q} value={answers[q.key]} t={t} words={words} lang={lang} />
              ))}
            </dl>
          ) : (
            <div key={`block-${String(i)}`} className="min-w-0">
              <ContentView block={run.block} t={t} words={words} />
            </div>
          ),
        )}
      </div>
    );
  return (
    <div data-slot="module" lang={lang} className="flex min-w-0 flex-col gap-6">
      {hasRequired && <p className="text-sm text-muted-foreground">{words.requiredNote}</p>}
      {definition.blocks.map((block, i) => (
        <div key={isQuestion(block) ? block.key : `block-${String(i)}`} className="min-w-0">
          {isQuestion(block) ? (
            <QuestionControl
              id={`${idPrefix}-${block.key}`}
              question={block}
              value={answers[block.key]}
              onChange={(v) => onChange?.(block.key, v)}
              error={errors[block.key]}
              t={t}
              words={words}
            />
          ) : (
            <ContentView block={block} t={t} words={words} />
          )}
        </div>
      ))}
    </div>
  );
}

type Run = { kind: "questions"; blocks: QuestionT[] } | { kind: "content"; block: Exclude<BlockT, QuestionT> };

/** The blocks in order, each run of consecutive questions together. */
function runsOfQuestions(blocks: BlockT[]): Run[] {
  const runs: Run[] = [];
  for (const block of blocks) {
    const last = runs.at(-1);
    if (!isQuestion(block)) runs.push({ kind: "content", block });
    else if (last?.kind === "questions") last.blocks.push(block);
    else runs.push({ kind: "questions", blocks: [block] });
  }
  return runs;
}

type T = (text: LocalTextT) => string;

function ContentView({ block, t, words }: { block: Exclude<BlockT, QuestionT>; t: T; words: Words }) {
  switch (block.type) {
    case "text":
      return <FormattedText text={t(block.body)} />;
    case "image":
      // The pages' CSP loads images from this site only: an image elsewhere is a link. So is a path
      // of this site that is no image file (an operation, a page), which the reader's sign-in would
      // call (lib/modules/site-image.ts).
      return isSiteImageFile(block.src) ? (
        // eslint-disable-next-line @next/next/no-img-element -- a module's image of unknown size, from this site
        <img src={block.src} alt={t(block.alt)} className="h-auto max-w-full rounded-md" />
      ) : (
        <ExternalLink href={block.src} words={words}>
          {words.openImage}: {t(block.alt)}
        </ExternalLink>
      );
    case "video":
      return (
        <ExternalLink href={block.url} words={words}>
          {words.watch}: {t(block.title)}
        </ExternalLink>
      );
  }
}

function ExternalLink({ href, words, children }: { href: string; words: Words; children: ReactNode }) {
  return (
    <p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary underline underline-offset-4"
      >
        {children} <span className="text-muted-foreground">{words.newTab}</span>
      </a>
    </p>
  );
}

/**
 * The label's text with the mark of a required question, or the word for an optional one. In a
 * FormField, which marks a required control itself, `inField` leaves the mark to it.
 */
function LabelText({ question, t, words, inField }: { question: QuestionT; t: T; words: Words; inField?: boolean }) {
  return (
    <>
      <span>{t(question.label)}</span>
      {question.required ? (
        !inField && <RequiredMark />
      ) : (
        <span className="font-normal text-muted-foreground">{words.optional}</span>
      )}
    </>
  );
}

type ControlProps = {
  id: string;
  question: QuestionT;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  t: T;
  words: Words;
};

function QuestionControl(p: ControlProps) {
  const { id, question: q, value, onChange, error, t, words } = p;
  const help = q.help ? t(q.help) : undefined;
  switch (q.type) {
    case "single":
      return (
        <ChoiceGroup
          {...p}
          kind="radio"
          options={q.options.map((o) => ({ value: o.value, label: t(o.label) }))}
          selected={typeof value === "string" ? [value] : []}
          onSelect={(v) => {
            onChange(v[0]);
          }}
        />
      );
    case "scale":
      return (
        <ChoiceGroup
          {...p}
          kind="radio"
          points
          options={q.points.map((o) => ({ value: String(o.value), label: t(o.label) }))}
          selected={typeof value === "number" ? [String(value)] : []}
          onSelect={(v) => {
            onChange(q.points.find((o) => String(o.value) === v[0])?.value);
          }}
        />
      );
    case "multiple":
      return (
        <ChoiceGroup
          {...p}
          kind="checkbox"
          most={q.maxChoices}
          options={q.options.map((o) => ({ value: o.value, label: t(o.label) }))}
          selected={Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []}
          onSelect={(v) => {
            onChange(v.length ? v : undefined);
          }}
        />
      );
    case "number":
      return (
        <FormField
          id={id}
          label={<LabelText question={q} t={t} words={words} inField />}
          required={q.required}
          plain
          hint={[help, words.range(q.min, q.max)].filter(Boolean).join(" · ")}
          error={error}
          frame={(control) => (
            <div className="flex items-center gap-2">
              {control}
              {q.unit && <span className="text-sm">{t(q.unit)}</span>}
            </div>
          )}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={q.min}
            max={q.max}
            step={q.step ?? "any"}
            value={typeof value === "number" ? value : ""}
            onChange={(e) => {
              if (e.target.value === "") onChange(undefined);
              else if (!Number.isNaN(e.target.valueAsNumber)) onChange(e.target.valueAsNumber);
            }}
            className="max-w-40"
          />
        </FormField>
      );
    case "shortText":
    case "longText": {
      const text = typeof value === "string" ? value : "";
      const Control = q.type === "shortText" ? Input : Textarea;
      return (
        <FormField
          id={id}
          label={<LabelText question={q} t={t} words={words} inField />}
          required={q.required}
          plain
          hint={
            <>
              {help && <span className="block">{help}</span>}
              <span>{words.characters(text.length, q.maxLength)}</span>
            </>
          }
          error={error}
        >
          <Control
            value={text}
            maxLength={q.maxLength}
            onChange={(e) => {
              onChange(e.target.value === "" ? undefined : e.target.value);
            }}
            className={q.type === "longText" ? "min-h-28" : undefined}
          />
        </FormField>
      );
    }
    case "date":
    case "time":
      // A time input gives HH:MM on a 24-hour clock whatever the display (a 12-hour locale shows
      // AM/PM), which is what the question stores.
      return (
        <FormField
          id={id}
          label={<LabelText question={q} t={t} words={words} inField />}
          required={q.required}
          plain
          hint={help}
          error={error}
        >
          <Input
            type={q.type}
            value={typeof value === "string" ? value : ""}
            onChange={(e) => {
              onChange(e.target.value === "" ? undefined : e.target.value);
            }}
            className="max-w-52"
          />
        </FormField>
      );
  }
}

type ChoiceProps = ControlProps & {
  kind: "radio" | "checkbox";
  options: { value: string; label: string }[];
  selected: string[];
  onSelect: (values: string[]) => void;
  /** The most options that may be chosen: once as many are, the others cannot be until one is unticked. */
  most?: number;
  /** A scale's points: side by side where every point between its ends is short ("10 %", "7"), an end with words on a row of its own. */
  points?: boolean;
};

/** A point this short (in characters) fits three to a row on a phone. */
const SHORT_POINT = 6;

/**
 * Choices under one question: a fieldset whose legend is the question, its help and error tied to
 * the group (and to every box) by aria-describedby. One choice (the fieldset is the radio group) or
 * several (a group of boxes).
 */
function ChoiceGroup({ id, question, error, t, words, kind, options, selected, onSelect, most, points }: ChoiceProps) {
  // Counted among the options shown: the editor's preview keeps a tick whose option has gone.
  const chosen = selected.filter((v) => options.some((o) => o.value === v)).length;
  const full = most !== undefined && chosen >= most;
  const help = question.help ? t(question.help) : undefined;
  // While full, the line that says why the others are greyed out describes the group and each box.
  const described = describedBy(id, help, error, full && `${id}-most`);
  const legendId = `${id}-legend`;
  // Side by side only when every point between the ends is short: a scale of words (Never, Rarely,
  // Sometimes…) stays one column rather than some words paired and some alone.
  const short = (label: string) => Array.from(label).length <= SHORT_POINT;
  const compact = points === true && options.slice(1, -1).every((o) => short(o.label));
  const item = "flex min-h-11 items-center gap-3 rounded-md border bg-card px-3 py-2";
  const fieldset = (controls: ReactNode) => (
    <fieldset
      id={id}
      data-slot="question"
      aria-describedby={described}
      className="flex min-w-0 flex-col gap-2"
      data-invalid={Boolean(error)}
    >
      <legend id={legendId} className="mb-1 flex flex-wrap items-center gap-x-2 font-medium">
        <LabelText question={question} t={t} words={words} />
      </legend>
      {help && <FieldDescription id={`${id}-hint`}>{help}</FieldDescription>}
      {controls}
      {most !== undefined && (
        // Said as the last allowed choice is ticked, so that nobody wonders why the others went grey.
        <p id={`${id}-most`} aria-live="polite" className="text-sm text-muted-foreground">
          {full ? words.mostChosen(chosen, most) : ""}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
  // One choice: the fieldset is the radio group itself, named by its legend, so that a screen reader
  // entering it says the question once (a group around a radio group said it twice, with its hint).
  if (kind === "radio")
    return (
      <RadioGroup
        asChild
        value={selected[0] ?? ""}
        onValueChange={(v) => {
          onSelect([v]);
        }}
        aria-labelledby={legendId}
        aria-required={question.required || undefined}
        aria-invalid={error ? true : undefined}
        // The kit's grid is the points' own box, inside.
        className="flex"
      >
        {fieldset(
          <div className={cn("grid gap-2", compact && "grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))]")}>
            {options.map((o) => (
              <div key={o.value} className={cn(item, compact && !short(o.label) && "col-span-full")}>
                <RadioGroupItem id={`${id}-${o.value}`} value={o.value} aria-invalid={error ? true : undefined} />
                <Label htmlFor={`${id}-${o.value}`} className="flex-1 font-normal">
                  {o.label}
                </Label>
              </div>
            ))}
          </div>,
        )}
      </RadioGroup>
    );
  return fieldset(
    <ul className="grid gap-2">
      {options.map((o) => (
        <li key={o.value} className={item}>
          <Checkbox
            id={`${id}-${o.value}`}
            checked={selected.includes(o.value)}
            disabled={full && !selected.includes(o.value)}
            onCheckedChange={(on) => {
              onSelect(on === true ? [...selected, o.value] : selected.filter((v) => v !== o.value));
            }}
            aria-describedby={described}
            aria-invalid={error ? true : undefined}
          />
          <Label htmlFor={`${id}-${o.value}`} className="flex-1 font-normal">
            {o.label}
          </Label>
        </li>
      ))}
    </ul>,
  );
}

/** The answer given to a question, in words: an option's label, never its key. */
// Formatters cost more to make than to use: one per language.
const numberFormats = new Map<Lang, Intl.NumberFormat>();
function formatNumber(n: number, lang: Lang): string {
  let f = numberFormats.get(lang);
  if (!f) numberFormats.set(lang, (f = new Intl.NumberFormat(lang, { maximumFractionDigits: 10 })));
  return f.format(n);
}

/** An answer as its reader writes it: a choice's label, a date and a decimal in the module's language. */
function answerText(q: QuestionT, value: unknown, t: T, lang: Lang): string {
  const label = (options: { value: string; label: LocalTextT }[], v: unknown) => {
    const o = options.find((x) => x.value === v);
    return o ? t(o.label) : String(v);
  };
  switch (q.type) {
    case "single":
      return label(q.options, value);
    case "multiple":
      return (Array.isArray(value) ? value : [value]).map((v) => label(q.options, v)).join(", ");
    case "scale": {
      const point = q.points.find((p) => p.value === value);
      return point ? t(point.label) : String(value);
    }
    case "number": {
      const n = typeof value === "number" ? formatNumber(value, lang) : String(value);
      return q.unit ? `${n} ${t(q.unit)}` : n;
    }
    case "date":
      return typeof value === "string" ? formatCalendarDayIn(value, lang) : String(value);
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}

/** A finished question: its label and the answer given. */
function AnswerView({
  question: q,
  value,
  t,
  words,
  lang,
}: {
  question: QuestionT;
  value: unknown;
  t: T;
  words: Words;
  lang: Lang;
}) {
  return (
    <div data-slot="answer" className="flex min-w-0 flex-col gap-1">
      <dt className="font-medium">{t(q.label)}</dt>
      {isAnswered(value) ? (
        <dd className={cn("whitespace-pre-wrap", q.type === "longText" && "rounded-md bg-muted p-3")}>
          {answerText(q, value, t, lang)}
        </dd>
      ) : (
        <dd className="text-muted-foreground italic">{words.notAnswered}</dd>
      )}
    </div>
  );
}
