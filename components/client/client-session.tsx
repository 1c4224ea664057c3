"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { SessionDocuments } from "@/components/documents/session-documents";
import { ConversationPanel, type ConversationWords } from "@/components/messages/conversation-panel";
import { Badge } from "@/components/ui/badge";
import { PageTitle } from "@/components/ui/heading";
import { Loading } from "@/components/ui/states";
import { TextLink } from "@/components/ui/text-link";
import { problemText } from "@/lib/api-client/api-fetch";
import { conversationQueries } from "@/lib/api-client/messages";
import { pages } from "@/lib/api-client/paths";
import { useFailureWords } from "./use-failure-words";
import { Callout } from "@/components/ui/callout";

/** The conversation panel's words in the client's language. */
export function useClientConversationWords(): ConversationWords {
  const t = useTranslations("conversation");
  const failure = useFailureWords();
  return {
    title: t("title"),
    loading: t("loading"),
    empty: t("empty"),
    label: t("label"),
    hint: t("hint"),
    touchHint: t("touchHint"),
    send: t("send"),
    sending: t("sending"),
    blank: t("blank"),
    closed: t("closed"),
    full: t("full"),
    you: t("you"),
    loadFailed: t("loadFailed"),
    sendFailed: (detail) => t("sendFailed", { detail }),
    showEarlier: (count) => t("showEarlier", { count }),
    earlierLabel: t("earlierLabel"),
    earlierFailed: (detail) => t("earlierFailed", { detail }),
    ...failure,
  };
}

/** A client's page of one of their sessions: its conversation with the care team, then its documents. */
export function ClientSession({ id }: { id: number }) {
  const t = useTranslations("sessionPage");
  const locale = useLocale();
  const words = useClientConversationWords();
  const failure = useFailureWords();
  const q = useQuery(conversationQueries.list({ sessionId: id, page: 0, size: 1 }));
  const session = q.data?.content[0];
  return (
    <div className="flex flex-col gap-6">
      <TextLink href={pages.homework}>{t("back")}</TextLink>
      {q.isPending ? (
        <Loading label={t("loading")} lines={2} />
      ) : !session ? (
        <Callout role="alert">{q.isError ? problemText(q.error, failure) : t("notFound")}</Callout>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <PageTitle className="min-w-0">{session.title}</PageTitle>
            {session.isClosed && <Badge variant="secondary">{t("closed")}</Badge>}
          </div>
          <ConversationPanel sessionId={id} closed={session.isClosed} words={words} locale={locale} />
          <SessionDocuments sessionId={id} audience="client" closed={session.isClosed} />
        </>
      )}
    </div>
  );
}
