import "server-only";
import { formatDate } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { MessageBody } from "@/lib/schemas/messages";

/** What a message answer reads of its row and author. */
export const MESSAGE_SELECT = {
  id: true,
  sessionId: true,
  text: true,
  createdAt: true,
  authorAccountId: true,
  author: {
    select: {
      role: true,
      staff: { select: { name: true } },
      caregiver: { select: { name: true } },
      client: { select: { name: true } },
      institute: { select: { name: true } },
    },
  },
} satisfies Prisma.MessageSelect;

type MessageRow = Prisma.MessageGetPayload<{ select: typeof MESSAGE_SELECT }>;

/** A message as the API answers it, dates in the caller's offset; `mine` when the caller wrote it. */
export function mapMessage(m: MessageRow, accountId: number, offset: number): MessageBody {
  const a = m.author;
  const name = a.staff?.name ?? a.caregiver?.name ?? a.client?.name ?? a.institute?.name ?? "";
  return {
    id: m.id,
    sessionId: m.sessionId,
    text: m.text,
    createDate: formatDate(m.createdAt, offset),
    author: { role: a.role, name },
    mine: m.authorAccountId === accountId,
  };
}
