"use client";

import { useQuery } from "@tanstack/react-query";
import { LocalDate } from "@/components/local-date";
import { UnreadBadge } from "@/components/messages/conversation-panel";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { conversationQueries, useUnreadTotal } from "@/lib/api-client/messages";
import { pages } from "@/lib/api-client/paths";
import { counted } from "@/lib/api-client/words";

const unreadWords = (n: number) => counted(n, "unread message", "unread messages");

/** The care team's conversations with unread messages, each a link to its session's dashboard. */
export function UnreadConversations() {
  // Polls the unread count, which reads this list again when it changes.
  useUnreadTotal();
  const q = useQuery(conversationQueries.list({ unread: true, page: 0, size: 20 }));
  return (
    <Card role="region" aria-labelledby="unread-heading">
      <CardHeader>
        <CardTitle id="unread-heading">Unread messages</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Loading what="unread messages" lines={2} />
        ) : q.isError ? (
          <ErrorState error={q.error} className="my-0" />
        ) : q.data.content.length === 0 ? (
          <p className="text-muted-foreground">No unread message.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {q.data.content.map((c) => (
              <li key={c.sessionId} className="flex flex-col gap-0.5" data-testid="unread-conversation">
                <span className="flex flex-wrap items-center gap-2">
                  <TextLink href={pages.session(c.sessionId)} className="min-w-0">
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
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
