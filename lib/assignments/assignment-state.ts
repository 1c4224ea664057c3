import "server-only";
import type { Tx } from "@/lib/db/prisma";
import { formatDate } from "@/lib/dates";

const STATE_SELECT = { id: true, status: true, feedbackStatus: true, submittedAt: true, feedbackSubmitAt: true, score: true } as const;

/** The assignment's state after a transition, in the contract's date format. */
export async function readAssignmentState(tx: Tx, id: number, offset: number) {
  const a = await tx.assignment.findUniqueOrThrow({ where: { id }, select: STATE_SELECT });
  return {
    id: a.id,
    status: a.status,
    feedbackStatus: a.feedbackStatus,
    submitDate: formatDate(a.submittedAt, offset),
    feedbackSubmitDate: formatDate(a.feedbackSubmitAt, offset),
    score: a.score,
  };
}
