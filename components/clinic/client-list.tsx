"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Pager } from "@/components/ui/pager";
import { Badge, Empty, ErrorState, Loading, buttonClass, inputClass } from "@/components/ui/states";
import { queries } from "@/lib/api-client/queries";

export function ClientList() {
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  useEffect(() => {
    const t = setTimeout(() => {
      if (input.trim() === search) return;
      setSearch(input.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(t);
  }, [input, search]);
  const q = useQuery({ ...queries.clients({ search, page }), placeholderData: keepPreviousData });

  return (
    <section aria-labelledby="clients-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="clients-heading" className="text-2xl font-semibold">
          Clients
        </h1>
        <Link href="/clinic/clients/new" className={buttonClass}>
          New client
        </Link>
      </div>
      <div className="mt-4 max-w-md">
        <label htmlFor="client-search" className="font-medium">
          Search by name, email or external id
        </label>
        <input
          id="client-search"
          type="search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          className={inputClass}
        />
      </div>
      <div className="mt-6">
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
            <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Clients of the clinic</caption>
                <thead className="bg-slate-100">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Name
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Email
                    </th>
                    <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                      External id
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Status
                    </th>
                    <th scope="col" className="hidden px-3 py-2 md:table-cell">
                      Created
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.content.map((c) => (
                    <tr key={c.id} className="border-t border-slate-200">
                      <td className="px-3 py-2">
                        <Link href={`/client/${c.id}`} className="font-medium text-blue-800 underline">
                          {c.name}
                        </Link>
                      </td>
                      <td className="px-3 py-2 break-all">{c.email}</td>
                      <td className="hidden px-3 py-2 sm:table-cell">{c.externalClientId ?? "—"}</td>
                      <td className="px-3 py-2">
                        <Badge value={c.status} />
                      </td>
                      <td className="hidden px-3 py-2 md:table-cell">{c.createDate}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              label="Pages of clients"
              page={q.data.page}
              totalPages={q.data.totalPages}
              totalText={`${q.data.totalElements} clients`}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </section>
  );
}
