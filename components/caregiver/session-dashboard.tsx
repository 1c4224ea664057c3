"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { ScoreChart } from "@/components/caregiver/score-chart";
import { Badge, ErrorState, Loading, buttonClass, inputClass, secondaryButtonClass } from "@/components/ui/states";
import { apiFetch } from "@/lib/api-client/api-fetch";
import { queries } from "@/lib/api-client/queries";
import type { Assignment } from "@/lib/schemas/session";

type AssignmentT = z.infer<typeof Assignment>;

export function SessionDashboard({ id, openAssignment }: { id: number; openAssignment?: number }) {
  const qc = useQueryClient();
  const q = useQuery(queries.session(id));
  const [open, setOpen] = useState<number | undefined>(openAssignment);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ["session", id] }),
      qc.invalidateQueries({ queryKey: ["sessions"] }),
      qc.invalidateQueries({ queryKey: ["feedback-due"] }),
    ]);
  const close = useMutation({
    mutationFn: () => apiFetch(`/gateway/profile/caregiver/session/${id}/close`, { method: "POST" }),
    onSuccess: refresh,
  });

  if (q.isPending) return <Loading what="the session" />;
  if (q.isError) return <ErrorState error={q.error} />;
  const s = q.data;
  const total = s.assignmentCount;
  const done = s.completedAssignmentCount;
  const waiting = s.assignments.filter((a) => a.feedbackStatus === "WAITING").length;
  const scored = s.assignments
    .filter((a) => a.isTest && a.status === "COMPLETE" && a.submitDate)
    .sort((a, b) => (a.submitDate! < b.submitDate! ? -1 : 1));
  const current = s.assignments.find((a) => a.id === open);

  return (
    <article aria-labelledby="session-title" className="space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id="session-title" className="text-2xl font-semibold">
            {s.clientName}: {s.title}
          </h1>
          <p className="mt-1 text-slate-700">
            With {s.caregiverName} ({s.caregiverPosition}) · created {s.createDate} · starts {s.startDate}
          </p>
          {s.description && <p className="mt-1">{s.description}</p>}
        </div>
        <Badge value={s.runningStatus} />
      </header>

      <section
        aria-labelledby="progress-heading"
        className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 md:grid-cols-2"
      >
        <div>
          <h2 id="progress-heading" className="text-lg font-semibold">
            Progress
          </h2>
          <p className="mt-1" data-testid="progress-text">
            {done} of {total} assignments completed · {s.pendingAssignmentCount} pending
          </p>
          <div
            role="progressbar"
            aria-label="Assignments completed"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-green-700" style={{ width: `${total ? (100 * done) / total : 0}%` }} />
          </div>
        </div>
        <div>
          <h2 className="text-lg font-semibold">Scores</h2>
          <p className="mt-1">Last score: {s.lastAssignmentScore ?? "—"}</p>
          <ScoreChart points={scored.map((a) => ({ label: `${a.name} (${a.submitDate})`, score: a.score }))} />
        </div>
      </section>

      <section aria-labelledby="assignments-heading">
        <h2 id="assignments-heading" className="text-lg font-semibold">
          Assignments
        </h2>
        {s.assignments.length === 0 ? (
          <p className="mt-2 text-slate-700">This session has no homework.</p>
        ) : (
          <div className="mt-2 relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Assignments of the session</caption>
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Assignment
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Feedback
                  </th>
                  <th scope="col" className="hidden px-3 py-2 md:table-cell">
                    Assigned
                  </th>
                  <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                    Submitted
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Score
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {s.assignments.map((a) => (
                  <tr key={a.id} className={`border-t border-slate-200 ${a.id === open ? "bg-blue-50" : ""}`}>
                    <td className="px-3 py-2 font-medium">{a.name}</td>
                    <td className="px-3 py-2">
                      <Badge value={a.status} />
                    </td>
                    <td className="px-3 py-2">
                      <Badge value={a.feedbackStatus} />
                    </td>
                    <td className="hidden px-3 py-2 md:table-cell">{a.assignDate}</td>
                    <td className="hidden px-3 py-2 sm:table-cell">{a.submitDate ?? "—"}</td>
                    <td className="px-3 py-2">{a.isTest && a.status === "COMPLETE" ? a.score : "—"}</td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        className={secondaryButtonClass}
                        aria-expanded={a.id === open}
                        onClick={() => setOpen(a.id === open ? undefined : a.id)}
                      >
                        {a.id === open ? "Close" : "Open"}
                        <span className="sr-only"> {a.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {current && <AssignmentPanel a={current} closed={s.isClosed} onChange={refresh} />}
      </section>

      <SessionFeedback sessionId={id} feedbacks={s.feedbacks} closed={s.isClosed} onChange={refresh} />

      {!s.isClosed && (
        <section aria-labelledby="close-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="close-heading" className="text-lg font-semibold">
            Close the session
          </h2>
          <p className="mt-1 text-slate-700">
            {waiting > 0
              ? `${waiting} assignment${waiting === 1 ? " waits" : "s wait"} for your feedback; the session can be closed once none does.`
              : "All submitted homework has feedback."}
          </p>
          {close.isError && <ErrorState error={close.error} />}
          <button
            type="button"
            className={`${buttonClass} mt-3`}
            disabled={waiting > 0 || close.isPending}
            onClick={() => close.mutate()}
          >
            {close.isPending ? "Closing…" : "Close session"}
          </button>
        </section>
      )}
    </article>
  );
}

function AssignmentPanel({
  a,
  closed,
  onChange,
}: {
  a: AssignmentT;
  closed: boolean;
  onChange: () => Promise<unknown>;
}) {
  const give = useMutation({
    mutationFn: (body: { text: string; score?: number }) =>
      apiFetch(`/gateway/profile/caregiver/assignment/${a.id}/feedback`, { method: "POST", json: body }),
    onSuccess: onChange,
  });
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const score = String(f.get("score") ?? "");
    give.mutate({ text: String(f.get("text") ?? ""), ...(score ? { score: Number(score) } : {}) });
  }
  const answers = a.answers.length ? a.answers : a.autoSaveAnswers;
  return (
    <section aria-labelledby={`assignment-${a.id}`} className="mt-4 rounded-lg border border-blue-200 bg-white p-4">
      <h3 id={`assignment-${a.id}`} className="text-lg font-semibold">
        {a.name}
      </h3>
      <h4 className="mt-3 font-semibold">{a.answers.length ? "Answers" : "Answers in progress"}</h4>
      {answers.length === 0 ? (
        <p className="text-slate-700">No answers yet.</p>
      ) : (
        <dl className="mt-1 space-y-1">
          {answers.map((x) => (
            <div key={x.id}>
              <dt className="font-medium">{x.questionKey}</dt>
              <dd className="whitespace-pre-wrap">{answerText(x.value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <h4 className="mt-3 font-semibold">Feedback</h4>
      {a.feedbacks.length === 0 ? (
        <p className="text-slate-700">No feedback yet.</p>
      ) : (
        <ul className="mt-1 space-y-2">
          {a.feedbacks.map((f) => (
            <li key={f.id} className="rounded bg-slate-50 p-2">
              <p>{f.text}</p>
              <p className="text-sm text-slate-700">
                {f.caregiverName}, {f.createDate}
                {f.score !== null && ` · score ${f.score}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {a.feedbackStatus === "WAITING" && !closed && (
        <form onSubmit={submit} className="mt-3 space-y-3" aria-label={`Feedback on ${a.name}`}>
          <div>
            <label htmlFor={`fb-${a.id}`} className="block font-medium">
              Your feedback
            </label>
            <textarea id={`fb-${a.id}`} name="text" required rows={3} className={inputClass} />
          </div>
          <div className="max-w-40">
            <label htmlFor={`fb-score-${a.id}`} className="block font-medium">
              Score <span className="font-normal text-slate-700">(optional)</span>
            </label>
            <input id={`fb-score-${a.id}`} name="score" type="number" min={0} step="any" className={inputClass} />
          </div>
          {give.isError && <ErrorState error={give.error} />}
          <button type="submit" className={buttonClass} disabled={give.isPending}>
            {give.isPending ? "Sending…" : "Give feedback"}
          </button>
        </form>
      )}
    </section>
  );
}

function SessionFeedback({
  sessionId,
  feedbacks,
  closed,
  onChange,
}: {
  sessionId: number;
  feedbacks: AssignmentT["feedbacks"];
  closed: boolean;
  onChange: () => Promise<unknown>;
}) {
  const add = useMutation({
    mutationFn: (text: string) =>
      apiFetch(`/gateway/profile/caregiver/session/${sessionId}/feedback`, { method: "POST", json: { text } }),
    onSuccess: onChange,
  });
  return (
    <section aria-labelledby="session-feedback-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="session-feedback-heading" className="text-lg font-semibold">
        Session feedback
      </h2>
      {feedbacks.length === 0 ? (
        <p className="mt-1 text-slate-700">No feedback on the session yet.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {feedbacks.map((f) => (
            <li key={f.id} className="rounded bg-slate-50 p-2">
              <p>{f.text}</p>
              <p className="text-sm text-slate-700">
                {f.caregiverName}, {f.createDate}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!closed && (
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            add.mutate(String(new FormData(form).get("text") ?? ""), { onSuccess: () => form.reset() });
          }}
        >
          <label htmlFor="session-feedback" className="block font-medium">
            Feedback on the whole session
          </label>
          <textarea id="session-feedback" name="text" required rows={2} className={inputClass} />
          {add.isError && <ErrorState error={add.error} />}
          <button type="submit" className={secondaryButtonClass} disabled={add.isPending}>
            Add session feedback
          </button>
        </form>
      )}
    </section>
  );
}

/** An answer as a person reads it: its text where it has one, else its JSON. */
function answerText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v && typeof v === "object" && "text" in v && typeof (v as { text: unknown }).text === "string")
    return (v as { text: string }).text;
  return JSON.stringify(v);
}
