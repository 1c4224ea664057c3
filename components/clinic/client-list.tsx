"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { LocalDate } from "@/components/local-date";
import { useChosenBeforeScripts } from "@/components/use-chosen-before-scripts";
import { isPageNumber, useHistoryState } from "@/components/use-history-state";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { pages } from "@/lib/api-client/paths";
import { queries } from "@/lib/api-client/queries";
import { PageTitle } from "@/components/ui/heading";
import { clientStatusWords, counted } from "@/lib/api-client/words";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { WordOptions } from "@/components/word-options";

type Status = keyof typeof clientStatusWords;
/** `status` is "" for every client. */
type Place = { search: string; status: Status | ""; page: number };

const isStatus = (v: unknown): v is Status | "" =>
  v === "" || (typeof v === "string" && Object.hasOwn(clientStatusWords, v));

const isPlace = (v: unknown): v is Place =>
  typeof v === "object" &&
  v !== null &&
  "search" in v &&
  typeof v.search === "string" &&
  "status" in v &&
  isStatus(v.status) &&
  "page" in v &&
  isPageNumber(v.page);

/** What an empty page says, in the words of what was asked. */
function nothingFound(search: string, status: Status | "") {
  if (!search && !status) return "No clients yet. Create the first one with “New client”.";
  const which = status ? `${clientStatusWords[status]} client` : "client";
  return search ? `No ${which} matches “${search}”.` : `No ${which}s.`;
}

export function ClientList() {
  const [{ search, status, page }, setPlace] = useHistoryState<Place>(
    "clients",
    { search: "", status: "", page: 0 },
    isPlace,
  );
  // What the person typed since; until then the field shows the search kept in the tab's history.
  const [typed, setTyped] = useState<string | null>(null);
  const input = typed ?? search;
  useEffect(() => {
    const t = setTimeout(() => {
      if (input.trim() === search) return;
      setPlace({ search: input.trim(), status, page: 0 });
    }, 300);
    return () => {
      clearTimeout(t);
    };
  }, [input, search, status, setPlace]);
  const chooseStatus = (next: string) => {
    if (isStatus(next)) setPlace({ search: input.trim(), status: next, page: 0 });
  };
  const searchField = useChosenBeforeScripts<HTMLInputElement>(input, setTyped);
  const statusField = useChosenBeforeScripts<HTMLSelectElement>(status, chooseStatus);
  const q = useQuery({
    ...queries.clients({ search, status: status || undefined, page }),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="clients-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle id="clients-heading">Clients</PageTitle>
        <Button asChild>
          <Link href={pages.newClient}>New client</Link>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,28rem)_12rem]">
        <FormField id="client-search" label="Search by name, email or external id" plain>
          <Input
            ref={searchField}
            type="search"
            value={input}
            onChange={(e) => {
              setTyped(e.target.value);
            }}
          />
        </FormField>
        <FormField id="client-status" label="Status" plain>
          <NativeSelect
            ref={statusField}
            value={status}
            onChange={(e) => {
              chooseStatus(e.target.value);
            }}
          >
            <NativeSelectOption value="">All</NativeSelectOption>
            <WordOptions words={clientStatusWords} />
          </NativeSelect>
        </FormField>
      </div>
      <div>
        {q.isPending ? (
          <Loading what="clients" />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : q.data.content.length === 0 ? (
          <Empty>{nothingFound(search, status)}</Empty>
        ) : (
          <>
            <Table>
              <TableCaption>Clients of the clinic</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>External id</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Created</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {q.data.content.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>
                      <TextLink href={pages.client(c.id)}>{c.name}</TextLink>
                    </TableCell>
                    <TableCell label="Email" className="break-all">
                      {c.email}
                    </TableCell>
                    <TableCell label="External id">{c.externalClientId ?? "—"}</TableCell>
                    <TableCell label="Status">
                      <StatusBadge value={c.status} />
                    </TableCell>
                    <TableCell label="Created">
                      <LocalDate value={c.createDate} style="date" />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager
              label="Pages of clients"
              page={q.data.page}
              totalPages={q.data.totalPages}
              totalText={counted(q.data.totalElements, "client", "clients")}
              onPage={(p) => {
                setPlace({ search, status, page: p });
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}
