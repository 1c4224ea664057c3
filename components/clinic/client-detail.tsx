"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Badge, Empty, ErrorState, Loading } from "@/components/ui/states";
import { queries } from "@/lib/api-client/queries";

export function ClientDetailView({ id, sessionLinks }: { id: number; sessionLinks: boolean }) {
  const q = useQuery(queries.client(id));
  if (q.isPending) return <Loading what="the client" />;
  if (q.isError) return <ErrorState error={q.error} />;
  const c = q.data;
  return (
    <article aria-labelledby="client-name" className="space-y-6">
      <div className="flex flex-wrap items-center gap-6">
        {c.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={c.imageUrl}
            alt={`Photo of ${c.name}`}
            className="h-28 w-28 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <div
            aria-hidden
            className="flex h-28 w-28 items-center justify-center rounded-full bg-slate-200 text-3xl font-semibold text-slate-700"
          >
            {c.name.slice(0, 1)}
          </div>
        )}
        <div>
          <h1 id="client-name" className="text-2xl font-semibold">
            {c.name}
          </h1>
          <p className="mt-1">
            <Badge value={c.status} />
          </p>
        </div>
      </div>
      <section aria-labelledby="details-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="details-heading" className="text-lg font-semibold">
          Details
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">Email</dt>
          <dd className="break-all">{c.email}</dd>
          <dt className="font-medium">Mobile</dt>
          <dd>{c.mobile ?? "—"}</dd>
          <dt className="font-medium">Language</dt>
          <dd>{c.language}</dd>
          <dt className="font-medium">External id</dt>
          <dd>{c.externalClientId ?? "—"}</dd>
          <dt className="font-medium">Platform id</dt>
          <dd className="font-mono">{c.clientOpptId}</dd>
          <dt className="font-medium">Created</dt>
          <dd>{c.createDate}</dd>
        </dl>
      </section>
      <section aria-labelledby="team-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="team-heading" className="text-lg font-semibold">
          Care team
        </h2>
        {c.careTeam.length === 0 ? (
          <p className="mt-2 text-slate-700">No care providers assigned yet.</p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {c.careTeam.map((m) => (
              <li key={m.id}>
                {m.name} <span className="text-slate-700">· {m.position}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Sessions
        </h2>
        {c.sessions.length === 0 ? (
          <Empty>No sessions yet.</Empty>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {c.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  {sessionLinks ? (
                    <Link href={`/caregiver/sessions/${s.id}`} className="font-medium text-blue-800 underline">
                      {s.title}
                    </Link>
                  ) : (
                    <span className="font-medium">{s.title}</span>
                  )}{" "}
                  <span className="text-slate-700">
                    · starts {s.startDate} · {s.caregiverName}
                  </span>
                </span>
                <Badge value={s.runningStatus} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
