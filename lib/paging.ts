import type { z } from "zod";
import type { pageOf } from "@/lib/schemas/common";

export type PageRequest = { page: number; size: number };

/** A page of the contract: what pageOf (lib/schemas/common.ts) validates, for items of type T. */
export type Page<T> = z.infer<ReturnType<typeof pageOf<z.ZodType<T>>>>;

export function pageBody<T>(content: T[], total: number, { page, size }: PageRequest): Page<T> {
  return { content, page, size, totalElements: total, totalPages: Math.ceil(total / size) };
}
