export type PageRequest = { page: number; size: number };

export function pageBody<T>(content: T[], total: number, { page, size }: PageRequest) {
  return { content, page, size, totalElements: total, totalPages: Math.ceil(total / size) };
}
