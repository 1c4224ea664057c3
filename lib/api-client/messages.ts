import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Page } from "@/lib/paging";
import type { Conversation, Message, UnreadCountBody } from "@/lib/schemas/messages";
import { apiFetch, getJson } from "./api-fetch";
import { keys, type ConversationListParams } from "./keys";
import { paths } from "./paths";

// A session's conversation on the pages: read once in full, then polled for the messages after the
// last one every few seconds while the page is visible (TanStack Query pauses the interval in the
// background). Every read that returns messages marks them read, so unread counts are refetched.
// The lists of conversations are not polled: each read of one shows sessions' titles and writes
// their audit rows, so they are read again only when the polled unread count changes.

export type MessageT = z.infer<typeof Message>;
export type ConversationT = z.infer<typeof Conversation>;

/** How often an open conversation asks for new messages. */
const POLL_MS = 5000;
/** How often the unread count is asked for (the lists follow when it changes). */
const UNREAD_POLL_MS = 15_000;

/** Every message after `after` (all of them without it), oldest first, every page. */
async function messagesAfter(sessionId: number, after: number | undefined): Promise<MessageT[]> {
  const all: MessageT[] = [];
  for (let page = 0; ; page++) {
    const p = await getJson<Page<MessageT>>(paths.messages(sessionId, { after, page, size: 100 }));
    all.push(...p.content);
    if (page + 1 >= p.totalPages) return all;
  }
}

const merged = (prev: MessageT[], next: MessageT[]) => {
  const seen = new Set(prev.map((m) => m.id));
  return [...prev, ...next.filter((m) => !seen.has(m.id))];
};

/** The conversation of a session, kept up to date by polling with `after`. */
export function useConversation(sessionId: number) {
  const qc = useQueryClient();
  const queryKey = keys.messages.conversation(sessionId);
  return useQuery({
    queryKey,
    queryFn: async () => {
      const prev = qc.getQueryData<MessageT[]>(queryKey);
      const next = await messagesAfter(sessionId, prev?.at(-1)?.id);
      if (next.length > 0) void qc.invalidateQueries({ queryKey: keys.conversations.all });
      return prev ? merged(prev, next) : next;
    },
    refetchInterval: POLL_MS,
  });
}

/** Posts a message; the conversation then asks for everything after its last message, this one included. */
export function usePostMessage(sessionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => {
      const res = await apiFetch(paths.messages(sessionId), { method: "POST", json: { text } });
      return (await res.json()) as MessageT;
    },
    // Not appended directly: messages of others posted since the last poll come before it.
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.messages.conversation(sessionId) }),
  });
}

export const conversationQueries = {
  list: (p: ConversationListParams) =>
    queryOptions({
      queryKey: keys.conversations.list(p),
      queryFn: () =>
        getJson<Page<ConversationT>>(
          paths.conversations({
            page: p.page,
            size: p.size,
            sessionId: p.sessionId,
            unread: p.unread ? "true" : undefined,
          }),
        ),
    }),
  unreadCount: () =>
    queryOptions({
      queryKey: keys.conversations.unreadCount,
      queryFn: async ({ client }) => {
        const before = client.getQueryData<UnreadCountBody>(keys.conversations.unreadCount);
        const now = await getJson<UnreadCountBody>(paths.unreadCount);
        // Once per poll, whoever shows the count: the lists on the page follow when it changed.
        if (before && before.unread !== now.unread)
          void client.invalidateQueries({ queryKey: keys.conversations.lists });
        return now;
      },
      refetchInterval: UNREAD_POLL_MS,
    }),
};

/**
 * The caller's unread messages over all their conversations, polled; when the number changes (a
 * message came, or was read elsewhere), the lists of conversations on the page are read again.
 */
export function useUnreadTotal() {
  return useQuery(conversationQueries.unreadCount()).data?.unread ?? 0;
}
