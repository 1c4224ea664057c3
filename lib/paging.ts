import type { z } from "zod";
import type { pageOf } from "@/lib/schemas/common";

export type PageRequest = { page: number; size: number };

/** A page of the contract: what pageOf (lib/schemas/common.ts) validates, for items of type T. */
export type Page<T> = z.infer<ReturnType<typeof pageOf<z.ZodType<T>>>>;

export function pageBody<T>(content: T[], total: number, { page, size }: PageRequest): Page<T> {
  return { content, page, size, totalElements: total, totalPages: Math.ceil(total / size) };
}

/**
 * The page of a statement that carries the total on each of its rows and, past the last page, is
 * one row of the total alone (id null): the total is a row of its own joined to the page, so a
 * page past the last still says how many there are.
 */
export function pageOfCountedRows<R extends { total: number; id: number | null }, T>(
  rows: R[],
  item: (row: Extract<R, { id: number }>) => T,
  page: PageRequest,
): Page<T> {
  const shown = rows.filter((r): r is Extract<R, { id: number }> => r.id !== null);
  return pageBody(shown.map(item), rows[0]?.total ?? 0, page);
}
