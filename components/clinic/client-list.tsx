"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { LocalDate } from "@/components/local-date";
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
import { counted } from "@/lib/api-client/words";

type Place = { search: string; page: number };

const isPlace = (v: unknown): v is Place =>
  typeof v === "object" &&
  v !== null &&
  "search" in v &&
  typeof v.search === "string" &&
  "page" in v &&
  isPageNumber(v.page);

export function ClientList() {
  const [{ search, page }, setPlace] = useHistoryState<Place>("clients", { search: "", page: 0 }, isPlace);
  // What the person typed since; until then the field shows the search kept in the tab's history.
  const [typed, setTyped] = useState<string | null>(null);
  const input = typed ?? search;
  useEffect(() => {
    const t = setTimeout(() => {
      if (input.trim() === search) return;
      setPlace({ search: input.trim(), page: 0 });
    }, 300);
    return () => {
      clearTimeout(t);
    };
  }, [input, search, setPlace]);
  const q = useQuery({ ...queries.clients({ search, page }), placeholderData: keepPreviousData });

  return (
    <section aria-labelledby="clients-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle id="clients-heading">Clients</PageTitle>
        <Button asChild>
          <Link href={pages.newClient}>New client</Link>
        </Button>
      </div>
      <FormField id="client-search" label="Search by name, email or external id" plain className="max-w-md">
        <Input
          type="search"
          value={input}
          onChange={(e) => {
            setTyped(e.target.value);
          }}
        />
      </FormField>
      <div>
        {q.isPending ? (
          <Loading what="clients" />
        ) : q.isError ? (
          <ErrorState error={q.error} />
        ) : q.data.content.length === 0 ? (
          <Empty>
            {search ? `No client matches “${search}”.` : "No clients yet. Create the first one with “New client”."}
          </Empty>
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
                setPlace({ search, page: p });
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}
