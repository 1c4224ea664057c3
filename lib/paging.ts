export type PageRequest = { page: number; size: number };

/** A page of the contract (pageOf in lib/schemas/common.ts). */
export type Page<T> = { content: T[]; page: number; size: number; totalElements: number; totalPages: number };

export function pageBody<T>(content: T[], total: number, { page, size }: PageRequest): Page<T> {
  return { content, page, size, totalElements: total, totalPages: Math.ceil(total / size) };
}
