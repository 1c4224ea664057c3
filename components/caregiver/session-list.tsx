"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Pager } from "@/components/ui/pager";
import { Badge, Empty, ErrorState, Loading, inputClass } from "@/components/ui/states";
import { queries } from "@/lib/api-client/queries";

export function SessionList() {
  const [runningStatus, setStatus] = useState("");
  const [clientId, setClientId] = useState("");
  const [page, setPage] = useState(0);
  const q = useQuery({
    ...queries.sessions({
      runningStatus: runningStatus || undefined,
      clientId: clientId ? Number(clientId) : undefined,
      page,
    }),
    placeholderData: keepPreviousData,
  });
  // Clients to filter by: those of the caregiver's sessions.
  const all = useQuery(queries.sessions({ page: 0 }));
  const clients = [...new Map((all.data?.content ?? []).map((s) => [s.clientId, s.clientName])).entries()];

  return (
    <section aria-labelledby="sessions-heading">
      <h1 id="sessions-heading" className="text-2xl font-semibold">
        My sessions
      </h1>
      <div className="mt-4 flex flex-wrap gap-4">
        <div>
          <label htmlFor="status-filter" className="font-medium">
            Status
          </label>
          <select
            id="status-filter"
            value={runningStatus}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(0);
            }}
            className={inputClass}
          >
            <option value="">All</option>
            <option value="RUNNING">Running</option>
            <option value="FUTURE">Future</option>
            <option value="COMPLETED">Completed</option>
          </select>
        </div>
        <div>
          <label htmlFor="client-filter" className="font-medium">
            Client
          </label>
          <select
            id="client-filter"
            value={clientId}
            onChange={(e) => {
              setClientId(e.target.value);
              setPage(0);
            }}
            className={inputClass}
          >
            <option value="">All</option>
            {clients.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-6">
        {q.isPending ? (
          <Loading what="sessions" />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : q.data.content.length === 0 ? (
          <Empty>No sessions match.</Empty>
        ) : (
          <>
            <ul className="grid gap-3 md:grid-cols-2">
              {q.data.content.map((s) => (
                <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <div className="flex items-start justify-between gap-2">
                    <Link href={`/caregiver/sessions/${s.id}`} className="font-semibold text-blue-800 underline">
                      {s.clientName}: {s.title}
                    </Link>
                    <Badge value={s.runningStatus} />
                  </div>
                  <p className="mt-1 text-sm text-slate-700">Starts {s.startDate}</p>
                  <p className="mt-1 text-sm">
                    {s.completedAssignmentCount} of {s.assignmentCount} assignments done
                    {s.waitingFeedbackCount > 0 && (
                      <strong className="text-orange-900"> · {s.waitingFeedbackCount} waiting for feedback</strong>
                    )}
                  </p>
                </li>
              ))}
            </ul>
            <Pager label="Pages of sessions" page={q.data.page} totalPages={q.data.totalPages} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}

export function FeedbackDue() {
  const q = useQuery(queries.feedbackDue());
  return (
    <section aria-labelledby="due-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="due-heading" className="text-lg font-semibold">
        Feedback due
      </h2>
      {q.isPending ? (
        <Loading what="feedback due" />
      ) : q.isError ? (
        <ErrorState error={q.error} />
      ) : q.data.content.length === 0 ? (
        <p className="mt-2 text-slate-700">Nothing is waiting for your feedback.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {q.data.content.map((a) => (
            <li key={a.id}>
              <Link
                href={`/caregiver/sessions/${a.sessionId}?assignment=${a.id}`}
                className="font-medium text-blue-800 underline"
              >
                {a.clientName}: {a.name}
              </Link>
              <span className="block text-sm text-slate-700">submitted {a.submitDate}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
