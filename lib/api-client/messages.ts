import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Page } from "@/lib/paging";
import type { Conversation, Message, UnreadCountBody } from "@/lib/schemas/messages";
import { ApiError, apiFetch, getJson } from "./api-fetch";
import { keys, type ConversationListParams } from "./keys";
import { paths } from "./paths";
import { allPages } from "./queries";

// A session's conversation on the pages: its latest messages read first, older ones a hundred at a
// time on request ("Show earlier messages"), and the messages after the last one polled every few
// seconds while the page is visible (TanStack Query pauses the interval in the background). Every
// read that returns messages marks them read, so unread counts are refetched. The lists of
// conversations are not polled: each read of one shows sessions' titles and writes their audit
// rows, so they are read again only when the polled unread count changes.

export type MessageT = z.infer<typeof Message>;
export type ConversationT = z.infer<typeof Conversation>;

/**
 * A conversation as a page holds it, each list oldest first: the latest messages and those polled
 * since (`messages`), those read back on request before them (`earlier`, apart so that the log does
 * not announce them as new), and how many older ones are still to read (`older`).
 */
export type ConversationData = { earlier: MessageT[]; messages: MessageT[]; older: number };

/** How many of its newest messages a conversation shows first; a long one's HTML stays small. */
export const LATEST_MESSAGES = 30;
/** How many older messages "Show earlier messages" reads at a time. */
const EARLIER_PAGE = 100;

/** The query string of the conversation's first read, on the server (lib/pages/reads.ts) as in the browser. */
export const LATEST_QUERY = { order: "newest", page: 0, size: LATEST_MESSAGES } as const;

/** The first read's newest-first page as the conversation holds it. */
export function latestOf(page: Page<MessageT>): ConversationData {
  return { earlier: [], messages: [...page.content].reverse(), older: page.totalElements - page.content.length };
}

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

/** The messages of `read` the conversation does not hold yet, in either of its lists. */
const unseen = (d: ConversationData, read: MessageT[]) => {
  const seen = new Set([...d.earlier, ...d.messages].map((m) => m.id));
  return read.filter((m) => !seen.has(m.id));
};

/** The id of the oldest message the conversation shows, which "Show earlier messages" reads before. */
export const oldestShown = (d: ConversationData | undefined) => (d?.earlier[0] ?? d?.messages[0])?.id;

/** The conversation of a session: its latest messages, kept up to date by polling with `after`. */
export function useConversation(sessionId: number) {
  const qc = useQueryClient();
  const queryKey = keys.messages.conversation(sessionId);
  return useQuery({
    queryKey,
    queryFn: async (): Promise<ConversationData> => {
      const prev = qc.getQueryData<ConversationData>(queryKey);
      if (!prev) {
        const first = latestOf(await getJson<Page<MessageT>>(paths.messages(sessionId, LATEST_QUERY)));
        if (first.messages.length > 0) void qc.invalidateQueries({ queryKey: keys.conversations.all });
        return first;
      }
      const next = await messagesAfter(sessionId, (prev.messages.at(-1) ?? prev.earlier.at(-1))?.id);
      if (next.length > 0) void qc.invalidateQueries({ queryKey: keys.conversations.all });
      // Into what the page holds now: older messages read back during the poll stay.
      const now = qc.getQueryData<ConversationData>(queryKey) ?? prev;
      return { ...now, messages: [...now.messages, ...unseen(now, next)] };
    },
    refetchInterval: POLL_MS,
  });
}

/**
 * Reads the hundred messages before `before` (the oldest shown, `oldestShown`) and puts them above.
 * An answer that comes when the conversation no longer starts there (the page was left and its data
 * read anew meanwhile) is dropped: joined on, it would hide the messages between.
 */
export function useEarlierMessages(sessionId: number) {
  const qc = useQueryClient();
  const queryKey = keys.messages.conversation(sessionId);
  return useMutation({
    mutationFn: (before: number) =>
      getJson<Page<MessageT>>(paths.messages(sessionId, { order: "newest", before, page: 0, size: EARLIER_PAGE })),
    onSuccess: (page, before) =>
      qc.setQueryData<ConversationData>(queryKey, (now) =>
        now && oldestShown(now) === before
          ? {
              ...now,
              earlier: [...unseen(now, [...page.content].reverse()), ...now.earlier],
              older: page.totalElements - page.content.length,
            }
          : now,
      ),
  });
}

/** Posts a message (its key: useRetryKey); the conversation then asks for everything after its last message, this one included. */
export function usePostMessage(sessionId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, idempotencyKey }: { text: string; idempotencyKey: string }) => {
      const res = await apiFetch(paths.messages(sessionId), {
        method: "POST",
        json: { text },
        idempotencyKey,
      });
      return (await res.json()) as MessageT;
    },
    // Not appended directly: messages of others posted since the last poll come before it.
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.messages.conversation(sessionId) }),
    // The session was closed since the page read it: the page reads it again, and offers no form.
    onError: (e) => {
      if (closedMeanwhile(e)) void qc.invalidateQueries({ queryKey: keys.conversations.lists });
    },
  });
}

/**
 * A message refused because its session was closed since the page read it: a 409 not about the
 * retry's Idempotency-Key nor a full conversation (the server's words for it are English).
 */
export const closedMeanwhile = (e: unknown) =>
  e instanceof ApiError &&
  e.status === 409 &&
  !e.errors.some((x) => x.path.toLowerCase() === "header.idempotency-key") &&
  !conversationFull(e);

/** A 409 of a conversation that holds as many messages as a session's may (an error at `session`). */
export const conversationFull = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && e.errors.some((x) => x.path === "session");

/** A list of conversations' query string, as the page asks for it and as its server render reads it. */
export const conversationListQuery = (p: ConversationListParams) => ({
  page: p.page,
  size: p.size,
  sessionId: p.sessionId,
  unread: p.unread ? "true" : undefined,
});

export const conversationQueries = {
  list: (p: ConversationListParams) =>
    queryOptions({
      queryKey: keys.conversations.list(p),
      queryFn: () => getJson<Page<ConversationT>>(paths.conversations(conversationListQuery(p))),
    }),
  /** Every conversation with unread messages (the first list's other pages): read when asked for. */
  allUnread: () =>
    queryOptions({
      queryKey: keys.conversations.allUnread,
      queryFn: () => allPages<ConversationT>((page) => paths.conversations({ page, size: 100, unread: "true" })),
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
