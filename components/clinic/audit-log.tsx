"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { LocalDate } from "@/components/local-date";
import { isPageNumber, useHistoryState } from "@/components/use-history-state";
import { PageTitle } from "@/components/ui/heading";
import { Pager } from "@/components/ui/pager";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import { counted, roleWords } from "@/lib/api-client/words";
import type { AuditEntry, AuditQuery } from "@/lib/schemas/catalog";

type Entry = z.infer<typeof AuditEntry>;
type Filter = z.output<typeof AuditQuery>;

/** What was read, in words; a session links to its dashboard (opening it is a read of its own). */
function WhatWasRead({ e }: { e: Entry }) {
  const session = (words: string) => (
    <TextLink variant="inline" href={pages.session(e.targetId)}>
      {words}
    </TextLink>
  );
  switch (e.action) {
    case "READ_SESSION":
      return session(`Session ${String(e.targetId)}`);
    case "READ_MESSAGES":
      return session(`Messages of session ${String(e.targetId)}`);
    case "READ_DOCUMENT":
      return <>Document {e.targetId}</>;
    case "READ_CLIENT":
      return <>The client’s details</>;
    case "READ_CLIENT_IMAGE":
      return <>The client’s photo</>;
  }
}

/**
 * Who read: a care provider's or staff member's username; a client's reads say "the client", as a
 * client's username may be their name, and that someone is a client here is health data.
 */
const readerName = (e: Entry) => (e.role === "CLIENT" ? "the client" : e.username);

/** What the list is narrowed to, and the way back to all of it. */
function FilterLine({ clientId, accountId, reader }: Filter & { reader?: Entry }) {
  if (clientId === undefined && accountId === undefined) return null;
  const who = reader ? `${readerName(reader)} (${roleWords[reader.role]})` : `sign-in ${String(accountId)}`;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1">
      <span>
        {clientId !== undefined && <>Reads of client {clientId}’s record</>}
        {clientId !== undefined && accountId !== undefined && " "}
        {accountId !== undefined && (clientId === undefined ? <>Reads by {who}</> : <>by {who}</>)}
      </span>
      {clientId !== undefined && <TextLink href={pages.client(clientId)}>Open the client’s page</TextLink>}
      <TextLink href={pages.auditLog()}>Show every read</TextLink>
    </p>
  );
}

/**
 * The clinic's audit log for its staff: who read which client's record, when, newest first. It
 * shows ids, not names (reading it reads no health data); each client and reader narrows the list.
 */
export function AuditLog({ clientId, accountId }: Filter) {
  const [page, setPage] = useHistoryState("auditLog", 0, isPageNumber);
  const q = useQuery({ ...queries.auditLog({ clientId, accountId, page }), placeholderData: keepPreviousData });
  const narrowed = clientId !== undefined || accountId !== undefined;
  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <PageTitle id="audit-heading">Audit log</PageTitle>
        <p className="text-muted-foreground">
          Every opening of a client’s details or photo, a session, its messages or a document, newest first.
        </p>
        <FilterLine
          clientId={clientId}
          accountId={accountId}
          reader={accountId === undefined ? undefined : q.data?.content[0]}
        />
      </div>
      <div>
        {q.isPending ? (
          <Loading what="the audit log" />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : q.data.content.length === 0 ? (
          <Empty>{narrowed ? "No reads match." : "Nothing has been read yet."}</Empty>
        ) : (
          <>
            <Table>
              <TableCaption>Audit log entries, newest first</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Who</TableHead>
                  <TableHead>What</TableHead>
                  <TableHead>Client</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {q.data.content.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>
                      <LocalDate value={e.at} />
                    </TableCell>
                    <TableCell label="Who">
                      <TextLink href={pages.auditLog({ client: clientId, reader: e.accountId })} className="break-all">
                        {readerName(e)}
                      </TextLink>{" "}
                      <span className="text-muted-foreground">· {roleWords[e.role]}</span>
                    </TableCell>
                    <TableCell label="What">
                      <WhatWasRead e={e} />
                    </TableCell>
                    <TableCell label="Client">
                      <TextLink href={pages.auditLog({ client: e.clientId, reader: accountId })}>
                        Client {e.clientId}
                      </TextLink>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager
              label="Pages of the audit log"
              page={q.data.page}
              totalPages={q.data.totalPages}
              totalText={counted(q.data.totalElements, "read", "reads")}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </section>
  );
}
