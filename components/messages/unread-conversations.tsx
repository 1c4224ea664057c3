"use client";

import { useQuery } from "@tanstack/react-query";
import { LocalDate } from "@/components/local-date";
import { UnreadBadge } from "@/components/messages/conversation-panel";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useShowAll } from "@/components/use-show-all";
import { FirstItems } from "@/components/ui/first-items";
import { ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { conversationQueries, useUnreadTotal } from "@/lib/api-client/messages";
import { pages } from "@/lib/api-client/paths";
import { WORKLIST_FIRST } from "@/lib/api-client/queries";
import { counted } from "@/lib/api-client/words";

const unreadWords = (n: number) => counted(n, "unread message", "unread messages");

/**
 * The care team's conversations with unread messages, each a link to its session's dashboard: the
 * first page, how many there are in all, and the rest on asking (a caseload has more than twenty).
 */
export function UnreadConversations() {
  // Polls the unread count, which reads these lists again when it changes.
  useUnreadTotal();
  const q = useQuery(conversationQueries.list({ unread: true, page: 0, size: WORKLIST_FIRST }));
  const { items, total, busy, error, showAll } = useShowAll(q.data, conversationQueries.allUnread());
  return (
    <Card role="region" aria-labelledby="unread-heading">
      <CardHeader>
        <CardTitle id="unread-heading">Unread messages{total > 0 && ` (${String(total)})`}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {q.isPending ? (
          <Loading what="unread messages" lines={2} />
        ) : q.isError ? (
          <ErrorState error={q.error} className="my-0" />
        ) : total === 0 ? (
          <p className="text-muted-foreground">No unread message.</p>
        ) : (
          <FirstItems
            items={items}
            first={WORKLIST_FIRST}
            total={total}
            busy={busy}
            onShowAll={showAll}
            keyOf={(c) => c.sessionId}
            item={(c, linkRef) => (
              <li className="flex flex-col gap-0.5" data-testid="unread-conversation">
                <span className="flex flex-wrap items-center gap-2">
                  <TextLink ref={linkRef} href={pages.session(c.sessionId)} className="min-w-0">
                    {c.clientName}: {c.title}
                  </TextLink>
                  <UnreadBadge count={c.unread} label={unreadWords} />
                </span>
                {c.lastMessageDate && (
                  <span className="text-sm text-muted-foreground">
                    Last message <LocalDate value={c.lastMessageDate} />
                  </span>
                )}
              </li>
            )}
            showAll={(count) => `Show all ${counted(count, "conversation", "conversations")}`}
            className="flex flex-col gap-2"
          />
        )}
        {error && <ErrorState error={error} className="my-0" />}
      </CardContent>
    </Card>
  );
}
