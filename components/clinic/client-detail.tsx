"use client";

import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { CareEpisode } from "@/components/clinic/care-episode";
import { ClientEditLink } from "@/components/clinic/client-edit-link";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { LocalDate } from "@/components/local-date";
import { ClientMeasures } from "@/components/results/client-measures";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FirstItems } from "@/components/ui/first-items";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { parseApiDate } from "@/lib/api-client/format-date";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import { languageWords } from "@/lib/api-client/words";
import { PageTitle, SectionTitle } from "@/components/ui/heading";

type SessionItem = { startDate: string };

// The latest start first (the next sessions planned, then the running one, then the past): a
// client's course runs for months, and the page shows ten of its sessions at once.
const latestStartFirst = (a: SessionItem, b: SessionItem) =>
  (parseApiDate(b.startDate)?.getTime() ?? 0) - (parseApiDate(a.startDate)?.getTime() ?? 0);

// Sessions link to their dashboard for everyone who may see this page: the care team works there,
// the clinic's staff read it (the session read serves CLINIC).
// `invitation` (staff's card for a client without a sign-in) follows the details: inviting is what
// comes next after creating a client, and at the page's end it was below every session and score.
export function ClientDetailView({
  id,
  canEdit,
  invitation,
}: {
  id: number;
  canEdit: boolean;
  invitation?: ReactNode;
}) {
  const q = useQuery(queries.client(id));
  if (q.isPending) return <Loading what="the client" />;
  if (q.isError) return <ErrorState error={q.error} />;
  const c = q.data;
  return (
    <article aria-labelledby="client-name" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-6">
        {c.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the image is private (session cookie), not for the optimizer
          <img src={c.imageUrl} alt={`Photo of ${c.name}`} className="size-28 rounded-full border object-cover" />
        ) : (
          <div
            aria-hidden
            className="flex size-28 items-center justify-center rounded-full bg-secondary text-3xl font-semibold text-muted-foreground"
          >
            {c.name.slice(0, 1)}
          </div>
        )}
        <div className="flex flex-col gap-1">
          <PageTitle id="client-name">{c.name}</PageTitle>
          <p>
            <StatusBadge value={c.status} />
          </p>
        </div>
        {canEdit && <ClientEditLink id={c.id} name={c.name} />}
      </div>
      <Card aria-labelledby="details-heading" role="region">
        <CardHeader>
          <CardTitle id="details-heading">Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">Email</dt>
            <dd className="break-all">{c.email}</dd>
            <dt className="font-medium">Mobile</dt>
            <dd>{c.mobile ?? "—"}</dd>
            <dt className="font-medium">Language</dt>
            <dd>{languageWords[c.language]}</dd>
            <dt className="font-medium">External id</dt>
            <dd>{c.externalClientId ?? "—"}</dd>
            <dt className="font-medium">Platform id</dt>
            <dd className="font-mono break-all">{c.clientOpptId}</dd>
            <dt className="font-medium">Created</dt>
            <dd>
              <LocalDate value={c.createDate} />
            </dd>
          </dl>
          {canEdit && (
            <p className="mt-4">
              <TextLink href={pages.auditLog({ client: c.id })}>Who has opened this record</TextLink>
            </p>
          )}
        </CardContent>
      </Card>
      {invitation}
      <Card aria-labelledby="team-heading" role="region">
        <CardHeader>
          <CardTitle id="team-heading">Care team</CardTitle>
        </CardHeader>
        <CardContent>
          {c.careTeam.length === 0 ? (
            <p className="text-muted-foreground">
              No care providers assigned yet.
              {canEdit && (
                <>
                  {" "}
                  {/* To the boxes themselves: "Edit" is at the page's top, and the team is its last field. */}
                  <TextLink href={`${pages.editClient(c.id)}#careTeam`}>Assign care providers</TextLink>
                </>
              )}
            </p>
          ) : (
            <ul className="list-disc pl-6">
              {c.careTeam.map((m) => (
                <li key={m.id}>
                  {/* Staff go on to the care provider's page, where their other care teams are. */}
                  {canEdit ? <TextLink href={pages.careProvider(m.id)}>{m.name}</TextLink> : m.name}{" "}
                  <span className="text-muted-foreground">· {m.position}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {/* The sessions before the scores: the clinic's work on a client (a session to open, the next
          ones to plan) was under every score's row, six screens down a phone for a client in week 8. */}
      <div>
        <Button asChild variant="outline">
          <Link href={pages.scheduleSessions(id)}>Schedule sessions</Link>
        </Button>
      </div>
      <section aria-labelledby="sessions-heading" className="flex flex-col gap-2">
        <SectionTitle id="sessions-heading">Sessions</SectionTitle>
        {c.sessions.length === 0 ? (
          <Empty>No sessions yet.</Empty>
        ) : (
          <FirstItems
            items={[...c.sessions].sort(latestStartFirst)}
            first={10}
            keyOf={(s) => s.id}
            item={(s, linkRef) => (
              <li className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <TextLink ref={linkRef} href={pages.session(s.id)}>
                    {s.title}
                  </TextLink>{" "}
                  <span className="text-muted-foreground">
                    · starts <LocalDate value={s.startDate} /> · {s.caregiverName}
                  </span>
                </span>
                <StatusBadge value={s.runningStatus} />
              </li>
            )}
            showAll={(count) => `Show all ${String(count)} sessions`}
            className="divide-y rounded-xl border bg-card"
          />
        )}
      </section>
      <CareEpisode client={c} canStart={canEdit} />
      <ClientMeasures clientId={c.id} />
    </article>
  );
}
