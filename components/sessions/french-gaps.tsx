"use client";

import { useQueries } from "@tanstack/react-query";
import { queries } from "@/lib/api-client/queries";

/**
 * For a client who reads French: the modules of the books ticked that are still partly or wholly in
 * English (docs/library.md, "French written"), read from each ticked book's detail once it is
 * ticked. Nothing for a client who reads English, nor while every module is written in French.
 */
export function FrenchGaps({ bookIds, language }: { bookIds: readonly number[]; language: string | undefined }) {
  const ids = language === "FR" ? [...new Set(bookIds)] : [];
  const books = useQueries({ queries: ids.map((id) => queries.book(id)) });
  const gaps = books.flatMap(
    (q) =>
      q.data?.modules
        .filter((m) => !m.archived && m.french.missing > 0)
        .map((m) => ({ id: m.id, name: m.name, ...m.french })) ?? [],
  );
  if (language !== "FR") return null;
  // A live region from the start, so that a book ticked is followed by what it brings in English.
  return (
    <div role="status" className="flex flex-col gap-1 text-sm not-empty:mt-3">
      {gaps.length > 0 && (
        <>
          <p className="font-medium">
            This client reads French: {gaps.length === 1 ? "one module" : `${String(gaps.length)} modules`} of these
            books {gaps.length === 1 ? "is" : "are"} still in English, in part or whole.
          </p>
          <ul className="list-disc pl-5 text-muted-foreground">
            {gaps.map((g) => (
              <li key={g.id}>
                {g.name}:{" "}
                {g.missing === g.texts
                  ? "not written in French"
                  : `${String(g.missing)} of ${String(g.texts)} texts in English only`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
