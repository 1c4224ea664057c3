import { PageQuery, PathId, pageOf } from "@/lib/schemas/common";
import {
  Conversation,
  ConversationListQuery,
  MAX_SESSION_MESSAGES,
  Message,
  MessageListQuery,
  PostMessageRequest,
  UnreadCount,
} from "@/lib/schemas/messages";
import { defineOperation } from "./define";
import { EX, pageExample } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

// A session's conversation (docs/messages.md). Who may: the session's client, its care team, the
// staff of its clinic and the institute of that clinic; anyone else reads "not found".

const PARTIES = ["CLIENT", "CAREGIVER", "CLINIC", "INSTITUTE"] as const;

const messageExample = {
  id: 120,
  sessionId: EX.sessionId,
  text: "See you on Monday.",
  createDate: EX.later,
  author: { role: "CAREGIVER", name: EX.caregiverName },
  mine: true,
};

export const listMessages = defineOperation({
  operationId: "listMessages",
  method: "GET",
  path: "/gateway/profile/session/{id}/message",
  tag: "Messages",
  summary: "Read a session's conversation",
  description:
    "The messages, oldest first (`order=newest`: newest first); `after` gives only newer ones (polling), `before` only older ones. Reading marks the conversation read up to the newest message returned (never backwards) and writes a READ_MESSAGES audit row; an answer with no message writes nothing.",
  roles: PARTIES,
  headers: ["offset"],
  params: PathId,
  query: PageQuery.extend(MessageListQuery.shape),
  ok: { status: 200, description: "A page of messages", schema: pageOf(Message), example: pageExample(messageExample) },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: { not_found: "No such session, or not one of the caller's" },
});

export const postMessage = defineOperation({
  operationId: "postMessage",
  method: "POST",
  path: "/gateway/profile/session/{id}/message",
  tag: "Messages",
  summary: "Post a message",
  description:
    "Adds a message to an open session's conversation. The other parties with message notices on get one email, a few minutes later, saying only that there is a new message, unless they have read it by then.",
  roles: PARTIES,
  headers: ["offset", "idempotencyKey"],
  params: PathId,
  body: { schema: PostMessageRequest, example: { text: "See you on Monday." } },
  ok: {
    status: 201,
    description: "The message",
    schema: Message,
    headers: { location: "/session/<session id>/message/<message id>" },
    example: messageExample,
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict"],
  errorNotes: {
    not_found: "No such session, or not one of the caller's",
    conflict: `The session is closed, or its conversation holds ${MAX_SESSION_MESSAGES} messages already (an error at \`session\`), or an Idempotency-Key reused with another body`,
  },
});

export const listConversations = defineOperation({
  operationId: "listConversations",
  method: "GET",
  path: "/gateway/profile/conversation",
  tag: "Messages",
  summary: "List conversations",
  description:
    "The sessions whose conversation the caller may read, with the caller's unread count, most recent message first, then the sessions without a message: those started, the latest start first, then those to come, the soonest first; `sessionId` gives one. Reads no message; each session on the page (its title, its client's name) leaves a `READ_SESSION` audit row.",
  roles: PARTIES,
  headers: ["offset"],
  query: PageQuery.extend(ConversationListQuery.shape),
  ok: {
    status: 200,
    description: "A page of conversations",
    schema: pageOf(Conversation),
    example: pageExample({
      sessionId: EX.sessionId,
      chatId: "s_9051",
      title: "Week 1",
      isClosed: false,
      clientName: EX.clientName,
      unread: 2,
      lastMessageDate: EX.later,
    }),
  },
  errors: AUTHED_ERRORS,
});

export const countUnreadMessages = defineOperation({
  operationId: "countUnreadMessages",
  method: "GET",
  path: "/gateway/profile/conversation/unread",
  tag: "Messages",
  summary: "Count unread messages",
  description:
    "The caller's unread messages over all their conversations and how many conversations hold them: two numbers, no title or name, so no audit row; what an unread badge polls. The list of conversations (`unread=true`) says which.",
  roles: PARTIES,
  ok: { status: 200, description: "The counts", schema: UnreadCount, example: { unread: 3, conversations: 2 } },
  errors: AUTHED_ERRORS,
});
