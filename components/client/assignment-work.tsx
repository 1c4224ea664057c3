"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useLang } from "@/components/use-lang";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useRef, useState } from "react";
import type { z } from "zod";
import { AssignmentStatusBadge } from "@/components/client/assignment-status-badge";
import { useAutosaver, type SaveState } from "@/components/client/use-autosave";
import { useCatchUp } from "@/components/client/use-catch-up";
import { dateMisfit, numberMisfit } from "@/lib/modules/check-answers";
import { ModuleRenderer, type Answers } from "@/components/modules/module-renderer";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { PageTitle, SectionTitle } from "@/components/ui/heading";
import { toast } from "@/components/ui/sonner";
import { Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { ApiError, problemText } from "@/lib/api-client/api-fetch";
import { useDateFormat } from "@/components/local-date";
import { useSubmitAssignment } from "@/lib/api-client/mutations";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import { isAnswered, unansweredRequired } from "@/lib/modules/unanswered";
import { inLanguage, isQuestion, type Lang, type QuestionT } from "@/lib/schemas/module-definition";
import type { OwnAssignmentDetail } from "@/lib/schemas/own-assignment";
import { cn } from "@/lib/utils";
import { useFailureWords } from "./use-failure-words";
import { Callout } from "@/components/ui/callout";

type Detail = z.infer<typeof OwnAssignmentDetail>;

/** One of the client's assignments: to do in the module's renderer, or finished with its feedback. */
export function AssignmentPage({ id }: { id: number }) {
  const t = useTranslations("assignment");
  const failure = useFailureWords();
  // Always read afresh: reopening resumes from the answers the server saved, not a cached copy.
  const q = useQuery({ ...queries.ownAssignment(id), staleTime: 0, gcTime: 0 });
  return (
    <div className="flex flex-col gap-6">
      <TextLink href={pages.homework} className="w-fit">
        ← {t("back")}
      </TextLink>
      {q.error instanceof ApiError && q.error.status === 404 ? (
        // Gone (removed by the care team), even if it was shown before: nothing left to save to.
        <Callout role="alert">{t("notFound")}</Callout>
      ) : q.data ? (
        // Kept when a later read fails (the client came back to the tab): what they were doing stays.
        <AssignmentWork assignment={q.data} />
      ) : q.isError ? (
        <Callout role="alert">{problemText(q.error, failure)}</Callout>
      ) : (
        <Loading label={t("loading")} />
      )}
    </div>
  );
}

/**
 * The value sent for an answer the client emptied: empty text, no choices, or null (a number or a
 * date taken back), so the saved answer is emptied too rather than coming back on reopening.
 */
const emptied = (q: QuestionT | undefined) =>
  q?.type === "shortText" || q?.type === "longText" ? "" : q?.type === "multiple" ? [] : null;

/** The question each of the server's field errors is about: named in its path, or by its place in the list sent. */
function errorsByQuestion(error: unknown, sent: string[], keys: Set<string>): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.errors.length === 0) return null;
  const out: Record<string, string> = {};
  for (const e of error.errors) {
    const parts = e.path.split(/[.[\]/]+/).filter(Boolean);
    const index = parts[0] === "answers" && /^\d+$/.test(parts[1] ?? "") ? Number(parts[1]) : -1;
    const key = parts.find((p) => keys.has(p)) ?? sent[index];
    if (key) out[key] = e.message;
  }
  return Object.keys(out).length ? out : null;
}

/** A save or submit refused because the homework was submitted or its session closed since it was read. */
const endedElsewhere = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The web session ended: the page is already on its way to the sign-in page (apiFetch), with nothing to say. */
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

function AssignmentWork({ assignment: a }: { assignment: Detail }) {
  const t = useTranslations("assignment");
  const failure = useFailureWords();
  const lang = useLang();
  const router = useRouter();
  const questions = useMemo(
    () => new Map(a.definition.blocks.filter(isQuestion).map((q) => [q.key, q])),
    [a.definition.blocks],
  );
  const [answers, setAnswers] = useState<Answers>(() =>
    Object.fromEntries(a.answers.map((x) => [x.questionKey, x.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  // Answers saved elsewhere were just added: said beside the Submit button, where the client is.
  const [added, setAdded] = useState(false);
  // Why the last save failed, shown while the save status says so: gone once a save gets through.
  const [saveProblem, setSaveProblem] = useState("");
  const [confirming, setConfirming] = useState(false);
  // From the confirmation until the homework page has opened (or the submission failed): the
  // answers are settled first and the page changes after, both outside the mutation's own pending.
  const [submitting, setSubmitting] = useState(false);
  // The question chosen in the dialog's list, which takes the focus as the dialog closes.
  const goingTo = useRef<string | null>(null);
  const submit = useSubmitAssignment(a.id);

  // The homework was submitted or its session closed since this page read it (another tab, the
  // care team): no save or submit can succeed, so the page says so instead of offering "Try again".
  const [ended, setEnded] = useState(false);
  const queryClient = useQueryClient();
  const refused = useCallback(
    (error: unknown, sent: string[]) => {
      if (signedOut(error)) return [];
      if (endedElsewhere(error)) {
        setEnded(true);
        return [];
      }
      const byQuestion = errorsByQuestion(error, sent, new Set(questions.keys()));
      setSaveProblem(byQuestion ? "" : problemText(error, failure));
      if (byQuestion)
        setErrors((e) => ({
          ...e,
          ...Object.fromEntries(Object.entries(byQuestion).map(([k, m]) => [k, t("refused", { message: m })])),
        }));
      return Object.keys(byQuestion ?? {});
    },
    [questions, t, failure],
  );
  const toWire = useCallback(
    (key: string, value: unknown) => (value === undefined ? emptied(questions.get(key)) : value),
    [questions],
  );
  const saver = useAutosaver({ assignmentId: a.id, toWire, onRefused: refused });
  const { catchUp, noteChange, latest } = useCatchUp({
    assignmentId: a.id,
    answers,
    enabled: a.canChange,
    setAnswers,
    saver,
  });

  if (!a.canChange) return <Finished assignment={a} lang={lang} />;

  const missing = unansweredRequired(a.definition, answers);
  const onChange = (key: string, value: unknown) => {
    setAnswers((prev) => ({ ...prev, [key]: value }));
    noteChange(key);
    setProblem("");
    setAdded(false);
    const q = questions.get(key);
    if (q?.type === "date" && typeof value === "string" && dateMisfit(value)) {
      setErrors((e) => ({ ...e, [key]: t("dateInvalid") }));
      saver.hold(key, value);
      return;
    }
    const misfit = q?.type === "number" && typeof value === "number" ? numberMisfit(q, value) : null;
    if (q?.type === "number" && misfit) {
      const whole = q.step === 1 && Number.isInteger(q.min) ? "yes" : "no";
      const words =
        misfit === "range"
          ? t("numberRange", { min: q.min, max: q.max })
          : t("numberStep", { whole, step: q.step ?? 1, min: q.min });
      setErrors((e) => ({ ...e, [key]: words }));
      saver.hold(key, value);
      return;
    }
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)));
    saver.change(key, value);
  };
  // What another tab or device saved meanwhile joins these answers before the client is asked (the
  // questions still to answer may be answered there), and again before anything is sent; the client
  // sees it first. Not read (offline): the submit says so itself.
  const addedElsewhere = async () => {
    if (!(await catchUp().catch(() => false))) return false;
    setAdded(true);
    return true;
  };
  const askToSubmit = async () => {
    setProblem("");
    setAdded(false);
    setSubmitting(true);
    const added = await addedElsewhere();
    setSubmitting(false);
    if (added) return;
    setErrors((e) => ({ ...e, ...Object.fromEntries(missing.map((q) => [q.key, t("needsAnswer")])) }));
    setConfirming(true);
  };
  const doSubmit = async () => {
    setSubmitting(true);
    if (await addedElsewhere()) {
      setSubmitting(false);
      return;
    }
    await saver.settle();
    // A change typed while the submit caught up is in these, though no longer saved on its own.
    const sent = Object.entries(latest())
      .filter(([, v]) => isAnswered(v))
      .map(([questionKey, value]) => ({ questionKey, value }));
    try {
      await submit.mutateAsync(sent);
      toast.success(t("submitted"));
      router.push(pages.homework);
    } catch (error) {
      setSubmitting(false);
      if (signedOut(error)) return;
      if (endedElsewhere(error)) {
        setEnded(true);
        return;
      }
      const byQuestion = errorsByQuestion(
        error,
        sent.map((s) => s.questionKey),
        new Set(questions.keys()),
      );
      if (byQuestion)
        setErrors(Object.fromEntries(Object.entries(byQuestion).map(([k, m]) => [k, t("refused", { message: m })])));
      setProblem(t("submitFailed", { message: problemText(error, failure) }));
    }
  };
  const goTo = (key: string) => {
    goingTo.current = key;
    setConfirming(false);
  };
  /** Instead of the Submit button, the question chosen in the list takes the focus: its first control. */
  const focusChosenQuestion = (e: Event) => {
    const key = goingTo.current;
    goingTo.current = null;
    const el = key ? document.getElementById(`q-${key}`) : null;
    const control = el?.matches("input, textarea") ? el : el?.querySelector<HTMLElement>("button, input, textarea");
    if (!el || !control) return;
    e.preventDefault();
    el.scrollIntoView({ block: "center" });
    control.focus();
  };

  return (
    <article className="flex flex-col gap-6">
      <Heading assignment={a} />
      <p className="text-sm text-muted-foreground">{t("seenBeforeSubmit")}</p>
      {saver.state === "failed" && saveProblem && <Callout role="alert">{saveProblem}</Callout>}
      {problem && <Callout role="alert">{problem}</Callout>}
      <ModuleRenderer definition={a.definition} lang={lang} answers={answers} onChange={onChange} errors={errors} />
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-between gap-3 border-t bg-card px-4 py-3">
        {ended ? (
          <>
            <p role="alert" className="text-sm">
              {t("ended")}
            </p>
            <Button
              onClick={() => {
                void queryClient.invalidateQueries({ queryKey: queries.ownAssignment(a.id).queryKey });
              }}
            >
              {t("seeItNow")}
            </Button>
          </>
        ) : (
          <>
            {added && (
              <p role="alert" className="w-full text-sm font-medium">
                {t("addedElsewhere")}
              </p>
            )}
            <SaveStatus state={saver.state} onRetry={() => void saver.retry()} />
            <Button onClick={() => void askToSubmit()} pending={submitting}>
              {submitting ? t("submitting") : t("submit")}
            </Button>
          </>
        )}
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent onCloseAutoFocus={focusChosenQuestion}>
          {missing.length > 0 ? (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("missingTitle")}</AlertDialogTitle>
                <AlertDialogDescription>{t("missingText")}</AlertDialogDescription>
              </AlertDialogHeader>
              <ul className="flex list-disc flex-col gap-1 pl-6 text-sm">
                {missing.map((q) => (
                  <li key={q.key}>
                    <button
                      type="button"
                      className="text-left align-top text-primary underline underline-offset-4"
                      onClick={() => {
                        goTo(q.key);
                      }}
                    >
                      {inLanguage(q.label, lang)}
                    </button>
                  </li>
                ))}
              </ul>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("backToQuestions")}</AlertDialogCancel>
              </AlertDialogFooter>
            </>
          ) : (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>{t("confirmTitle", { name: a.name })}</AlertDialogTitle>
                <AlertDialogDescription>{t("confirmText")}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t("cancel")}</AlertDialogCancel>
                <AlertDialogAction onClick={() => void doSubmit()}>{t("submit")}</AlertDialogAction>
              </AlertDialogFooter>
            </>
          )}
        </AlertDialogContent>
      </AlertDialog>
    </article>
  );
}

function Heading({ assignment: a }: { assignment: Detail }) {
  const t = useTranslations("assignment");
  const date = useDateFormat(useLocale());
  return (
    <header className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <PageTitle className="min-w-0">{a.name}</PageTitle>
        <AssignmentStatusBadge status={a.status} />
      </div>
      <p className="text-sm text-muted-foreground">{t("session", { session: a.sessionTitle, book: a.bookName })}</p>
      {a.dueDate && <p className="text-sm">{t("due", { date: date(a.dueDate) })}</p>}
    </header>
  );
}

/**
 * Where the answers' saving stands, shown beside Submit. Read out only when it matters: a save that
 * failed, and the save that puts it right. Each answer's "Saving…" and "Saved", read out after every
 * pause in typing and every arrow key in a scale, broke into what the person was reading; the page
 * says at the top that answers are saved as they go.
 */
function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const t = useTranslations("assignment");
  const words: Record<SaveState, string> = {
    idle: t("idle"),
    saving: t("saving"),
    saved: t("saved"),
    failed: t("notSaved"),
  };
  // What the live region says: kept from render to render, changed as the state changes.
  const [said, setSaid] = useState<{ state: SaveState; text: string }>({ state, text: "" });
  if (said.state !== state) {
    const text =
      state === "failed"
        ? words.failed
        : state === "saved" && said.text === words.failed
          ? words.saved
          : state === "saving" && said.text === words.failed
            ? said.text
            : "";
    setSaid({ state, text });
  }
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <p
        className={cn(
          state === "failed" && "font-medium text-destructive",
          state === "saved" && "font-medium text-success-foreground",
          (state === "idle" || state === "saving") && "text-muted-foreground",
        )}
      >
        {words[state]}
      </p>
      <p role="status" className="sr-only">
        {said.text}
      </p>
      {state === "failed" && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t("retry")}
        </Button>
      )}
    </div>
  );
}

/** Finished work (or homework of a closed session): the answers as given, and the care team's feedback. */
function Finished({ assignment: a, lang }: { assignment: Detail; lang: Lang }) {
  const t = useTranslations("assignment");
  const date = useDateFormat(useLocale());
  const answers = Object.fromEntries(a.answers.map((x) => [x.questionKey, x.value]));
  return (
    <article className="flex flex-col gap-6">
      <Heading assignment={a} />
      <p className="rounded-md border bg-muted p-3 text-sm">
        {a.status === "COMPLETE" && a.submitDate ? t("finishedOn", { date: date(a.submitDate) }) : t("closed")}
      </p>
      {a.status === "COMPLETE" && (
        <section aria-labelledby="feedback" className="flex flex-col gap-3">
          <SectionTitle id="feedback">{t("feedback")}</SectionTitle>
          {a.feedbacks.length === 0 ? (
            <p className="text-muted-foreground">{t("feedbackWaiting")}</p>
          ) : (
            a.feedbacks.map((f) => (
              <figure key={f.id} className="rounded-md bg-muted p-3">
                <blockquote className="whitespace-pre-wrap">{f.text}</blockquote>
                <figcaption className="mt-1 text-sm text-muted-foreground">
                  {t("feedbackFrom", { name: f.caregiverName, date: date(f.createDate, "date") })}
                </figcaption>
              </figure>
            ))
          )}
        </section>
      )}
      <section aria-labelledby="answers" className="flex flex-col gap-3">
        <SectionTitle id="answers">{t("yourAnswers")}</SectionTitle>
        <ModuleRenderer definition={a.definition} lang={lang} answers={answers} readOnly />
      </section>
    </article>
  );
}
