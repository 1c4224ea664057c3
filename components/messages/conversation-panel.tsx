"use client";

import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type SubmitEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/field";
import { Loading } from "@/components/ui/states";
import { Textarea } from "@/components/ui/textarea";
import { ENGLISH_FAILURE_WORDS, type FailureWords, problemText } from "@/lib/api-client/api-fetch";
import { useDateFormat } from "@/components/local-date";
import { parseApiDate } from "@/lib/api-client/format-date";
import { useRetryKey } from "@/components/use-retry-key";
import { mutateThen } from "@/lib/api-client/mutations";
import {
  closedMeanwhile,
  conversationFull,
  oldestShown,
  useConversation,
  useEarlierMessages,
  usePostMessage,
  type ConversationData,
  type MessageT,
} from "@/lib/api-client/messages";
import { useQueryClient } from "@tanstack/react-query";
import { keys } from "@/lib/api-client/keys";
import { formText } from "@/lib/utils";

/**
 * Marks the tab's lists of conversations out of date once the page's messages have come with
 * some: the page's server render read them, and so marked them read, without the browser's read
 * that says so (useConversation). Marked, not read again here (a list's read writes audit rows):
 * the home reads them when it is back. The conversation just read stayed listed unread there, and
 * counted, until the unread count's next poll, up to 15 s later (found by a review as a caregiver
 * with a caseload). Those read after the messages (`readAt`: the client's session page reads its
 * own conversation's entry and the unread count after them) already say so: marked, the page's
 * own, whose component subscribes after this one's effect, read again at once.
 */
function useReadOnArrival(data: ConversationData | undefined, readAt: number) {
  const qc = useQueryClient();
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !data) return;
    arrived.current = true;
    if (data.messages.length > 0)
      void qc.invalidateQueries({
        queryKey: keys.conversations.all,
        refetchType: "none",
        predicate: (list) => list.state.dataUpdatedAt < readAt,
      });
  }, [qc, data, readAt]);
}

/** The words of the panel, in the reader's language (the care team's pages are in English). */
export type ConversationWords = {
  title: string;
  /** What a screen reader hears while the conversation loads, a whole sentence. */
  loading: string;
  empty: string;
  label: string;
  hint: string;
  /** The hint on a touch screen, where Enter starts a new line and only the button sends. */
  touchHint: string;
  send: string;
  sending: string;
  /** A message of nothing but spaces, refused before it is sent. */
  blank: string;
  closed: string;
  /** The conversation holds as many messages as a session's may (MAX_SESSION_MESSAGES). */
  full: string;
  you: string;
  loadFailed: string;
  sendFailed: (detail: string) => string;
  /** The button that reads older messages, with how many there are. */
  showEarlier: (count: number) => string;
  earlierLabel: string;
  earlierFailed: (detail: string) => string;
} & FailureWords; // the detail of a send that got no answer, or failed in the page

export const CARE_TEAM_WORDS: ConversationWords = {
  title: "Conversation",
  loading: "Loading the conversation…",
  empty: "No message yet. Messages here are read by the client and the care team.",
  label: "Your message",
  hint: "Enter sends; Shift+Enter starts a new line.",
  touchHint: "Enter starts a new line.",
  send: "Send",
  sending: "Sending…",
  blank: "Write your message before sending it.",
  closed: "This session is closed: its conversation can be read, not added to.",
  full: "This conversation holds as many messages as a session's can; write in the next session's.",
  you: "You",
  loadFailed: "The conversation could not be loaded. It will be tried again.",
  sendFailed: (detail) => `The message was not sent: ${detail}`,
  showEarlier: (count) => `Show earlier messages (${String(count)})`,
  earlierLabel: "Earlier messages",
  earlierFailed: (detail) => `The earlier messages could not be loaded: ${detail}`,
  ...ENGLISH_FAILURE_WORDS,
};

/**
 * A session's conversation: its latest messages (a log that screen readers announce as it grows,
 * polled for new ones), older ones on request above them, and, while the session is open, a form
 * to write one.
 */
export function ConversationPanel({
  sessionId,
  closed,
  words: w,
  locale,
}: {
  sessionId: number;
  closed: boolean;
  words: ConversationWords;
  /** The locale of the messages' dates; none: the browser's, as on the rest of the care team's pages. */
  locale?: string;
}) {
  const q = useConversation(sessionId);
  useReadOnArrival(q.data, q.dataUpdatedAt);
  const post = usePostMessage(sessionId);
  const retry = useRetryKey();
  const earlier = useEarlierMessages(sessionId);
  const scroller = useRef<HTMLDivElement>(null);
  const messages = q.data?.messages ?? NONE;
  const older = q.data?.earlier ?? NONE;
  const left = q.data?.older ?? 0;
  // New messages scroll to the end for someone at the end or who wrote one of them; someone reading
  // back stays where they are.
  const newest = messages.at(-1)?.id;
  const seenNewest = useRef<number | undefined>(undefined);
  const atEnd = useRef(true);
  useEffect(() => {
    if (newest === seenNewest.current) return;
    const added = messages.slice(messages.findIndex((m) => m.id === seenNewest.current) + 1);
    seenNewest.current = newest;
    const el = scroller.current;
    if (el && (atEnd.current || added.some((m) => m.mine))) el.scrollTop = el.scrollHeight;
  }, [messages, newest]);
  // Older ones put above keep the message that was first in view where it was, whatever came below
  // meanwhile; a keyboard's focus on the button stays in view, and when the button goes with the
  // last of them the focus stays in the messages.
  const anchor = useRef<{ id: number; top: number } | null>(null);
  const focusAfter = useRef(false);
  const earlierButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || older.length === 0) return;
    const kept = anchor.current && el.querySelector(`[data-message-id="${String(anchor.current.id)}"]`);
    if (kept && anchor.current) el.scrollTop += topIn(el, kept) - anchor.current.top;
    const b = earlierButton.current;
    if (b && document.activeElement === b && b.matches(":focus-visible")) b.scrollIntoView({ block: "nearest" });
    if (focusAfter.current && !b && (document.activeElement === null || document.activeElement === document.body))
      el.focus({ preventScroll: true });
    focusAfter.current = false;
  }, [older.length]);
  const fieldId = `message-${String(sessionId)}`;
  // A blank message is refused here, in the reader's words: the server's refusal would be English.
  const [blank, setBlank] = useState(false);
  // The form gives way to the note, on whichever page read the session.
  const closedNow = closed || closedMeanwhile(post.error);
  const sendError = blank
    ? w.blank
    : conversationFull(post.error)
      ? w.full
      : post.error
        ? w.sendFailed(problemText(post.error, w))
        : "";

  function showEarlier() {
    const el = scroller.current;
    const before = oldestShown(q.data);
    if (!el || before === undefined || earlier.isPending) return;
    const first = el.querySelector(`[data-message-id="${String(before)}"]`);
    anchor.current = first && { id: before, top: topIn(el, first) };
    focusAfter.current = true;
    earlier.mutate(before, {
      onError: () => {
        focusAfter.current = false;
      },
    });
  }
  function onScroll() {
    const el = scroller.current;
    if (el) atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  }

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const text = formText(new FormData(form), "text");
    setBlank(text.trim() === "");
    if (text.trim() === "") {
      form.querySelector("textarea")?.focus();
      return;
    }
    mutateThen(post, { text, idempotencyKey: retry.keyFor(text) }, () => {
      retry.sent();
      form.reset();
    });
  }
  function enterSends(e: KeyboardEvent<HTMLTextAreaElement>) {
    // A touch keyboard has no Shift+Enter to start a new line: there Enter does, and Send sends.
    if (matchMedia("(pointer: coarse)").matches) return;
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!post.isPending) e.currentTarget.form?.requestSubmit();
    }
  }

  return (
    <Card role="region" aria-labelledby={`${fieldId}-heading`}>
      <CardHeader>
        <CardTitle id={`${fieldId}-heading`}>{w.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {q.isPending ? (
          <Loading label={w.loading} lines={2} />
        ) : (
          <div
            ref={scroller}
            onScroll={onScroll}
            role="group"
            aria-labelledby={`${fieldId}-heading`}
            // Scrolls: reachable by keyboard.
            tabIndex={0}
            className="flex max-h-96 flex-col gap-2 overflow-y-auto rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {left > 0 && (
              <div>
                <Button
                  ref={earlierButton}
                  type="button"
                  variant="outline"
                  pending={earlier.isPending}
                  onClick={showEarlier}
                >
                  {w.showEarlier(left)}
                </Button>
              </div>
            )}
            {earlier.error && (
              <p role="alert" className="text-sm text-destructive">
                {w.earlierFailed(problemText(earlier.error, w))}
              </p>
            )}
            {older.length > 0 && (
              <ul aria-label={w.earlierLabel} className="flex flex-col gap-2">
                {older.map((m) => (
                  <MessageItem key={m.id} m={m} you={w.you} locale={locale} />
                ))}
              </ul>
            )}
            <div role="log" aria-live="polite" aria-labelledby={`${fieldId}-heading`}>
              {messages.length === 0 && older.length === 0 ? (
                <p className="text-muted-foreground">{w.empty}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {messages.map((m) => (
                    <MessageItem key={m.id} m={m} you={w.you} locale={locale} />
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
        {q.isError && (
          <p role="alert" className="text-sm text-destructive">
            {w.loadFailed}
          </p>
        )}
        {closedNow ? (
          <p className="text-muted-foreground">{w.closed}</p>
        ) : (
          <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-3">
            <FormField
              id={fieldId}
              label={w.label}
              required
              // Both in the HTML, the one of the screen's pointer shown (and read: a hidden part is not).
              hint={
                <>
                  <span className="pointer-coarse:hidden">{w.hint}</span>
                  <span className="hidden pointer-coarse:inline">{w.touchHint}</span>
                </>
              }
              error={sendError || undefined}
            >
              <Textarea
                name="text"
                required
                maxLength={4000}
                rows={2}
                onKeyDown={enterSends}
                onChange={() => {
                  setBlank(false);
                }}
              />
            </FormField>
            <div>
              <SubmitButton pending={post.isPending}>{post.isPending ? w.sending : w.send}</SubmitButton>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

const NONE: MessageT[] = [];

/** Where `child` is from the top of the scroll box `box`'s view. */
const topIn = (box: Element, child: Element) => child.getBoundingClientRect().top - box.getBoundingClientRect().top;

function MessageItem({ m, you, locale }: { m: MessageT; you: string; locale: string | undefined }) {
  const date = useDateFormat(locale);
  return (
    <li
      data-testid="message"
      data-message-id={m.id}
      className={m.mine ? "ml-6 rounded-md bg-primary/10 p-2 sm:ml-12" : "mr-6 rounded-md bg-muted p-2 sm:mr-12"}
    >
      <p className="whitespace-pre-wrap">{m.text}</p>
      <p className="text-sm text-muted-foreground">
        {m.mine ? you : m.author.name},{" "}
        <time dateTime={parseApiDate(m.createDate)?.toISOString()}>{date(m.createDate)}</time>
      </p>
    </li>
  );
}

/** A count of unread messages; screen readers hear it in words (`label`: e.g. "2 unread messages"). */
export function UnreadBadge({ count, label }: { count: number; label: (n: number) => string }) {
  if (count === 0) return null;
  return (
    <Badge variant="info" data-testid="unread-badge">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label(count)}</span>
    </Badge>
  );
}
