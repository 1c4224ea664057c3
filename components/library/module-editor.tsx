"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { asLang } from "@/lib/i18n/lang";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { ModuleRenderer, type Answers } from "@/components/modules/module-renderer";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldLegend, FieldSet, FormField } from "@/components/ui/field";
import { PageTitle, SectionTitle } from "@/components/ui/heading";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { toast } from "@/components/ui/sonner";
import { ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { LEAVE_QUESTION, useLeaveGuard } from "@/components/use-leave-guard";
import { useFieldArrayFocus } from "@/components/use-row-focus";
import { WordOptions } from "@/components/word-options";
import { ApiError } from "@/lib/api-client/api-fetch";
import { useCreateModule, useUpdateModule } from "@/lib/api-client/authoring-mutations";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import { NOTHING_TO_SAVE, blockTypeWords } from "@/lib/api-client/words";
import type { ModuleDetailT } from "@/lib/schemas/authoring";
import { isQuestion, type Lang, type ModuleDefinitionT } from "@/lib/schemas/module-definition";
import { plainBounds } from "@/lib/api-client/plain-words";
import { blankToNull, changedFields } from "@/lib/utils";
import { BlockEditor } from "./block-editor";
import {
  isBlockType,
  checkDefinition,
  definitionInput,
  emptyBlock,
  freshKey,
  isQuestionType,
  valuesOf,
  type BlockType,
  type EditorValues,
  type Kept,
  whereInWords,
} from "./module-form-model";
import { ArchivePanel } from "./archive-panel";
import { FrenchNameField } from "./french-name-field";
import { FrenchWritten } from "./french-written";
import { ScoringEditor } from "./scoring-editor";

const EMPTY: { values: EditorValues; kept: Kept } = {
  values: {
    name: "",
    nameFr: "",
    blocks: [],
    scoring: {
      enabled: false,
      items: [],
      reverse: [],
      multiplier: "1",
      rangeMin: "0",
      rangeMax: "",
      bands: [],
      alerts: [],
    },
  },
  kept: { subscales: [] },
};

/** A definition as the form would send it, to tell whether the questions changed ("" when incomplete). */
const definitionText = (c: ReturnType<typeof checkDefinition>) => (c.ok ? JSON.stringify(c.definition) : "");

/** A new module of a book: the editor, empty. */
export function NewModule({ bookId }: { bookId: number }) {
  const q = useQuery(queries.book(bookId));
  if (q.isPending) return <Loading what="the book" />;
  if (q.isError) return <ErrorState error={q.error} />;
  return <ModuleForm book={{ id: q.data.id, name: q.data.name }} initial={EMPTY} />;
}

/** An existing module: the editor with its current definition; saving a change makes its next version. */
export function EditModule({ id }: { id: number }) {
  const q = useQuery(queries.module(id));
  const book = useQuery({ ...queries.book(q.data?.bookId ?? 0), enabled: q.data !== undefined });
  if (q.isPending) return <Loading what="the module" />;
  if (q.isError) return <ErrorState error={q.error} />;
  // The form reads its initial values once: a refetch after saving does not reset what is typed.
  return (
    <ModuleForm
      key={id}
      book={{ id: q.data.bookId, name: book.data?.name ?? "Book" }}
      module={q.data}
      initial={valuesOf(q.data, q.data.definition)}
    />
  );
}

function ModuleForm({
  book,
  module,
  initial,
}: {
  book: { id: number; name: string };
  module?: ModuleDetailT;
  initial: { values: EditorValues; kept: Kept };
}) {
  const router = useRouter();
  const create = useCreateModule(book.id);
  const update = useUpdateModule(module?.id ?? 0);
  // Its own: archiving is said at its card, not at the form's top.
  const archiving = useUpdateModule(module?.id ?? 0);
  const form = useForm<EditorValues>({ defaultValues: initial.values });
  const blocks = useFieldArray({ control: form.control, name: "blocks" });
  const rows = useFieldArrayFocus(blocks);
  const [newType, setNewType] = useState<BlockType>("single");
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
  const values = useWatch({ control: form.control });
  const checked = checkDefinition(values, initial.kept);
  const errors = new Map([...(tried && !checked.ok ? checked.errors : []), ...serverErrors]);
  const nameError = errors.get("name") ?? (tried && !values.name?.trim() ? "A module needs a name." : undefined);
  const pending = create.isPending || update.isPending;
  // A standard measure keeps its definition as published (the server refuses a change): only its
  // name is edited here, beside where it comes from.
  const standard = module?.standard === true;
  // The form as loaded, then as each save sent it: leaving the page with anything else asks first.
  const [saved, setSaved] = useState(() => JSON.stringify(initial.values));
  const dirty = JSON.stringify(values) !== saved;
  useLeaveGuard(dirty);
  // The module as far as this page knows: as loaded, then as each save sent it. Only what differs is
  // sent, so a colleague's name or questions saved meanwhile stand unless this person changed them.
  const [known, setKnown] = useState(() => ({
    name: initial.values.name,
    nameFr: blankToNull(initial.values.nameFr),
    definition: definitionText(checkDefinition(initial.values, initial.kept)),
    // The questions are sent whole: the server refuses them if a colleague saved a later version.
    version: module?.version,
  }));

  async function save() {
    setTried(true);
    setServerErrors(new Map());
    const now = form.getValues();
    const c = checkDefinition(now, initial.kept);
    if (!c.ok || !now.name.trim()) {
      toast.error("The module is not complete yet: see the marked fields.");
      return;
    }
    const names = { name: now.name, nameFr: blankToNull(now.nameFr) };
    try {
      if (module) {
        const definition = definitionText(c);
        const nameChanges = changedFields(known, names);
        const definitionChanged = !standard && definition !== known.definition;
        if (!nameChanges && !definitionChanged) {
          toast.info(NOTHING_TO_SAVE);
          return;
        }
        const next = await update.mutateAsync({
          ...nameChanges,
          ...(definitionChanged && { definition: c.definition, baseVersion: known.version }),
        });
        setKnown({ ...names, definition, version: next.version });
        setSaved(JSON.stringify(now));
        toast.success(`Saved: version ${String(next.version)}.`);
      } else {
        const made = await create.mutateAsync({ ...names, definition: c.definition });
        toast.success(`Module created: version ${String(made.version)}.`);
        setSaved(JSON.stringify(now));
        router.replace(pages.module(made.id));
      }
    } catch (err) {
      if (err instanceof ApiError)
        setServerErrors(new Map(err.errors.map((e) => [e.path.replace(/^definition\./, ""), e.message])));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <TextLink href={pages.book(book.id)}>← {book.name}</TextLink>
      <div className="flex flex-wrap items-baseline gap-3">
        <PageTitle>{module ? module.name : "New module"}</PageTitle>
        {module && <p className="text-sm text-muted-foreground">Version {module.version}</p>}
      </div>
      {module?.archived && <ArchivePanel what="module" name={module.name} archived change={archiving} />}
      <div className="grid gap-6 lg:grid-cols-2">
        <form
          method="post"
          aria-label="Module"
          noValidate
          onSubmit={(ev) => {
            ev.preventDefault();
            void save();
          }}
          className="flex min-w-0 flex-col gap-6"
        >
          {(create.isError || update.isError) && !serverErrors.size && (
            <ErrorState error={create.error ?? update.error} className="my-0" />
          )}
          <FormField id="module-name" label="Name" required error={nameError}>
            <Input {...form.register("name")} autoComplete="off" />
          </FormField>
          <FrenchNameField id="module-name-fr" {...form.register("nameFr")} error={errors.get("nameFr")} />
          {standard ? (
            <StandardMeasure definition={module.definition} />
          ) : (
            <>
              {blocks.fields.map((b, i) => (
                <BlockEditor
                  key={b.id}
                  form={form}
                  index={i}
                  count={blocks.fields.length}
                  errors={errors}
                  controlIds={{
                    up: rows.idOf(b.id, "up"),
                    down: rows.idOf(b.id, "down"),
                    remove: rows.idOf(b.id, "remove"),
                  }}
                  onMove={(to) => {
                    rows.move(i, to);
                  }}
                  onRemove={() => {
                    rows.remove(i);
                  }}
                />
              ))}
              <FieldSet>
                <FieldLegend>Add a block</FieldLegend>
                <div className="flex flex-wrap items-end gap-3">
                  <FormField id="new-block-type" label="Type" plain>
                    <NativeSelect
                      value={newType}
                      onChange={(ev) => {
                        if (isBlockType(ev.target.value)) setNewType(ev.target.value);
                      }}
                    >
                      <WordOptions words={blockTypeWords} />
                    </NativeSelect>
                  </FormField>
                  <Button
                    type="button"
                    variant="outline"
                    id={rows.fallbackId}
                    onClick={() => {
                      blocks.append(
                        emptyBlock(newType, isQuestionType(newType) ? freshKey(form.getValues("blocks")) : ""),
                      );
                    }}
                  >
                    Add block
                  </Button>
                </div>
                {errors.get("blocks") && <p className="text-sm text-destructive">{errors.get("blocks")}</p>}
              </FieldSet>
              <ScoringEditor form={form} errors={errors} />
            </>
          )}
          {/* Before saving, in the order the keyboard reaches it: what a French-speaking client would read in English. */}
          <FrenchWritten
            definition={standard ? module.definition : definitionInput(values, initial.kept)}
            editable={!standard}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={pending}>
              {pending ? "Saving…" : module ? "Save module" : "Create module"}
            </SubmitButton>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                if (!dirty || window.confirm(LEAVE_QUESTION)) router.push(pages.book(book.id));
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
        <Preview
          definition={checked.ok ? checked.definition : null}
          firstProblem={checked.ok ? null : firstOf(checked.errors)}
        />
      </div>
      {module && !module.archived && (
        <ArchivePanel what="module" name={module.name} archived={false} change={archiving} />
      )}
    </div>
  );
}

/** Why a standard measure's questions and scoring are not editable, and where they come from. */
function StandardMeasure({ definition }: { definition: ModuleDefinitionT }) {
  const source = definition.source;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">A standard measure</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <CardDescription>
          Its questions, answers and scoring stay as published, so that its scores mean what the instrument&apos;s do
          and join the client&apos;s trend with every earlier one. You can rename it, in either language. To ask
          something else, make a module of your own.
        </CardDescription>
        {source && (
          <dl className="grid gap-2">
            <div>
              <dt className="font-medium">Source</dt>
              <dd className="text-muted-foreground">{source.citation}</dd>
            </div>
            <div>
              <dt className="font-medium">Scoring</dt>
              <dd className="text-muted-foreground">{source.scoringReference}</dd>
            </div>
            <div>
              <dt className="font-medium">Licence</dt>
              <dd className="text-muted-foreground">{source.licence}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

const firstOf = (errors: Map<string, string>) => {
  const [first] = errors;
  return first ? `${whereInWords(first[0])}: ${plainBounds(first[1])}` : null;
};

/** The module as the client will see it, in either language, answerable but never sent. */
function Preview({ definition, firstProblem }: { definition: ModuleDefinitionT | null; firstProblem: string | null }) {
  const [lang, setLang] = useState<Lang>("en");
  const [answers, setAnswers] = useState<Answers>({});
  const questions = definition?.blocks.filter(isQuestion) ?? [];
  const required = questions.filter((q) => q.required).length;
  return (
    <section aria-labelledby="preview-heading" className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SectionTitle id="preview-heading">Preview</SectionTitle>
        <FormField id="preview-lang" label="Language" plain>
          <NativeSelect
            value={lang}
            onChange={(ev) => {
              setLang(asLang(ev.target.value));
            }}
          >
            <NativeSelectOption value="en">English</NativeSelectOption>
            <NativeSelectOption value="fr">French</NativeSelectOption>
          </NativeSelect>
        </FormField>
      </div>
      {definition ? (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {questions.length} {questions.length === 1 ? "question" : "questions"}, {required} required
            {definition.scoring
              ? `; scored ${String(definition.scoring.range.min)}–${String(definition.scoring.range.max)}`
              : ""}
          </p>
          <div className="rounded-xl border bg-card p-4">
            <ModuleRenderer
              definition={definition}
              lang={lang}
              answers={answers}
              onChange={(key, value) => {
                setAnswers((a) => ({ ...a, [key]: value }));
              }}
            />
          </div>
        </>
      ) : (
        <p role="status" className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          The preview shows once the module is complete. Still missing: {firstProblem}
        </p>
      )}
    </section>
  );
}
