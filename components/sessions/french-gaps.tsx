"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { queries } from "@/lib/api-client/queries";

type Named = { id: number; name: string };

/**
 * For a client who reads French: the modules of the books ticked, and of the chosen design plan's
 * weeks, that are still partly or wholly in English (docs/library.md, "French written"), read from
 * each book's detail once it is given, or that every one is written in French. Nothing for a client
 * who reads English, nor before a book is ticked or a plan chosen.
 */
export function FrenchGaps({
  books: ticked,
  planId,
  language,
}: {
  /** The books ticked, with their names for a read that fails. */
  books: readonly Named[];
  /** The design plan chosen, whose weeks give their books too. */
  planId: number | null | undefined;
  language: string | undefined;
}) {
  const french = language === "FR";
  const plan = useQuery({ ...queries.designPlan(planId ?? 0), enabled: french && !!planId });
  const planBooks = plan.data?.weeks.flatMap((w) => w.books) ?? [];
  const given = new Map([...ticked, ...planBooks].map((b) => [b.id, b]));
  const shown = french ? [...given.values()] : [];
  const books = useQueries({ queries: shown.map((b) => queries.book(b.id)) });
  // Until every book given is read, or where one cannot be, "nothing in English" is not known.
  const checking = books.some((q) => q.isPending) || plan.isLoading;
  const unchecked = shown.filter((_, i) => books[i]?.isError);
  const gaps = books.flatMap(
    (q) =>
      q.data?.modules
        .filter((m) => !m.archived && m.french.missing > 0)
        .map((m) => ({ id: m.id, name: m.name, ...m.french })) ?? [],
  );
  if (!french) return null;
  // Which books are meant, said as the person chose them: ticked, the plan's, or both.
  const planned = planBooks.length > 0 || plan.isLoading;
  const of =
    ticked.length === 0
      ? "the design plan's books"
      : planned
        ? "the books ticked and the design plan's"
        : "the books ticked";
  // Said where "Checking…" was: a line that went away would pull the boxes above it down on a page
  // scrolled to its end, under a pointer about to tick one (found by a CI run, 2026-12-07).
  const allFrench = !checking && !plan.isError && unchecked.length === 0 && gaps.length === 0;
  // A live region from the start, so that a book ticked is followed by what it brings in English.
  return (
    <div role="status" className="flex flex-col gap-1 text-sm not-empty:mt-3">
      {checking && <p className="text-muted-foreground">Checking the French of {of}…</p>}
      {plan.isError && (
        <p>The French of the design plan&apos;s books could not be checked: this client reads French.</p>
      )}
      {unchecked.length > 0 && (
        <p>
          The French of {unchecked.map((b) => b.name).join(", ")} could not be checked: this client reads French, and{" "}
          {unchecked.length === 1 ? "that book" : "those books"} may be in English in part.
        </p>
      )}
      {allFrench && shown.length > 0 && (
        <p className="text-muted-foreground">This client reads French: every module of {of} is written in French.</p>
      )}
      {allFrench && shown.length === 0 && !!planId && (
        <p className="text-muted-foreground">This client reads French: the design plan names no books yet.</p>
      )}
      {!checking && gaps.length > 0 && (
        <>
          <p className="font-medium">
            This client reads French: {gaps.length === 1 ? "one module" : `${String(gaps.length)} modules`} of {of}{" "}
            {gaps.length === 1 ? "is" : "are"} still in English, in part or whole.
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
