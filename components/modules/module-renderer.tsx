"use client";

import { AnswerView } from "@/components/modules/answer-view";
import { ContentView } from "@/components/modules/content-view";
import { WORDS } from "@/components/modules/module-words";
import { QuestionControl } from "@/components/modules/question-control";
import {
  inLanguage,
  isQuestion,
  type BlockT,
  type Lang,
  type LocalTextT,
  type ModuleDefinitionT,
  type QuestionT,
} from "@/lib/schemas/module-definition";

export type Answers = Record<string, unknown>;

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
