"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useDateFormat } from "@/components/local-date";
import { UnreadBadge } from "@/components/messages/conversation-panel";
import { FirstItems } from "@/components/ui/first-items";
import { SectionTitle } from "@/components/ui/heading";
import { Empty, Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { conversationQueries } from "@/lib/api-client/messages";
import { pages } from "@/lib/api-client/paths";

/**
 * The client's sessions in the conversations' order (the latest message first, then the sessions
 * started, then those to come): each a link to its page, with unread counts; five, then the rest
 * on asking.
 */
export function SessionConversations() {
  const t = useTranslations("home");
  const tc = useTranslations("conversation");
  const locale = useLocale();
  const date = useDateFormat(locale);
  const q = useQuery(conversationQueries.list({ page: 0, size: 100 }));
  return (
    <section aria-labelledby="my-sessions" className="flex flex-col gap-3">
      <SectionTitle id="my-sessions">{t("sessions")}</SectionTitle>
      {q.isPending ? (
        <Loading label={t("loading")} lines={2} />
      ) : !q.data?.content.length ? (
        <Empty>{t("noSessions")}</Empty>
      ) : (
        <FirstItems
          items={q.data.content}
          first={5}
          keyOf={(c) => c.sessionId}
          item={(c, linkRef) => (
            <li
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border bg-card p-3"
              data-testid="session-conversation"
            >
              <TextLink ref={linkRef} href={pages.clientSession(c.sessionId)} className="min-w-0 font-medium">
                {c.title}
              </TextLink>
              <UnreadBadge count={c.unread} label={(count) => tc("unread", { count })} />
              <span className="text-sm text-muted-foreground">
                {c.lastMessageDate ? t("lastMessage", { date: date(c.lastMessageDate) }) : t("noMessage")}
              </span>
            </li>
          )}
          showAll={(count) => t("showAllSessions", { count })}
          className="flex flex-col gap-2"
        />
      )}
    </section>
  );
}
