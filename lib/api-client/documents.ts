// The documents of a session, for the pages: the gateway's paths, the query key, the list query
// and the upload (docs/documents.md). Kept in one file of its own beside paths/keys/queries.

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Page } from "@/lib/paging";
import type { SessionDocumentBody } from "@/lib/schemas/session";
import { apiFetch, getJson } from "./api-fetch";
import { keys } from "./keys";

const base = (sessionId: number) => `/gateway/profile/session/${String(sessionId)}/document`;

export const documentPaths = {
  list: (sessionId: number, page: number) => `${base(sessionId)}?page=${String(page)}&size=100`,
  upload: base,
  /** The download: the web session's cookie goes with a plain link, as with every GET of the gateway. */
  download: (sessionId: number, documentId: number) => `${base(sessionId)}/${String(documentId)}`,
};

export const documentKeys = {
  list: (sessionId: number) => ["documents", sessionId] as const,
};

export const documentQueries = {
  list: (sessionId: number) =>
    queryOptions({
      queryKey: documentKeys.list(sessionId),
      queryFn: async () => {
        const items: SessionDocumentBody[] = [];
        for (let page = 0; ; page++) {
          const p = await getJson<Page<SessionDocumentBody>>(documentPaths.list(sessionId, page));
          items.push(...p.content);
          if (page + 1 >= p.totalPages) return items;
        }
      },
    }),
};

export type DocumentUpload = { name: string; data: string; contentType?: string };
/** An upload and its Idempotency-Key (useRetryKey). */
export type KeyedUpload = { body: DocumentUpload; idempotencyKey: string };

/** Attaches a file; the session's lists and its detail (which names its documents) refresh. */
export function useUploadDocument(sessionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: KeyedUpload) =>
      (
        await apiFetch(documentPaths.upload(sessionId), {
          method: "POST",
          json: body,
          idempotencyKey,
        })
      ).json() as Promise<SessionDocumentBody>,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: documentKeys.list(sessionId) }),
        qc.invalidateQueries({ queryKey: keys.sessions.detail(sessionId) }),
      ]),
  });
}
