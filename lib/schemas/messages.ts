import { z } from "zod";
import { DateTimeString, FlagQuery, Id, IdQuery, text } from "./common";

// A session's conversation (the contract's `chatId`): the client, the care team and the clinic's
// staff post and read messages in it (docs/messages.md).

export const MESSAGE_MAX = 4000;
/**
 * What one session's conversation holds at most: a week's messages are a few dozen, and without a
 * bound anyone who may post (a client too) could grow the database for everyone, a message a request.
 */
export const MAX_SESSION_MESSAGES = 1000;

export const PostMessageRequest = z
  .object({ text: text(MESSAGE_MAX).describe("1 to 4000 characters, trimmed; not blank.") })
  .meta({ id: "PostMessageRequest" });

export const MessageListQuery = z.object({
  after: IdQuery.describe("Only the messages after this one (polling for new messages)."),
  before: IdQuery.describe("Only the messages before this one (reading back from the oldest one shown)."),
  order: z
    .enum(["oldest", "newest"], { error: "must be oldest or newest" })
    .default("oldest")
    .meta({
      param: {
        description:
          "oldest (the default): the oldest message first. newest: the newest first, so that page 0 is the " +
          "latest messages of a long conversation.",
        example: "newest",
      },
    }),
});

export const ConversationListQuery = z.object({
  sessionId: IdQuery.describe("Only this session's conversation."),
  unread: FlagQuery.describe("true: only the conversations with unread messages.").meta({ param: { example: "true" } }),
});

export const AuthorRole = z.enum(["CLIENT", "CAREGIVER", "CLINIC", "INSTITUTE"]);

export const Message = z
  .object({
    id: Id,
    sessionId: Id,
    text: z.string(),
    createDate: DateTimeString,
    author: z.object({ role: AuthorRole, name: z.string() }),
    mine: z.boolean().describe("The caller wrote it."),
  })
  .meta({ id: "Message" });

export const Conversation = z
  .object({
    sessionId: Id,
    chatId: z.string(),
    title: z.string(),
    isClosed: z.boolean().describe("A closed session's conversation is read-only."),
    clientName: z.string(),
    unread: z.number().int().describe("Messages of others after the last one the caller read."),
    lastMessageDate: DateTimeString.nullable(),
  })
  .meta({ id: "Conversation" });

export const UnreadCount = z
  .object({
    unread: z
      .number()
      .int()
      .describe("Messages of others after the last one the caller read, over all their conversations."),
    conversations: z.number().int().describe("How many conversations hold them."),
  })
  .meta({ id: "UnreadCount" });

export type MessageBody = z.infer<typeof Message>;
export type ConversationBody = z.infer<typeof Conversation>;
export type UnreadCountBody = z.infer<typeof UnreadCount>;
