import "server-only";
import { db } from "@/lib/db/prisma";

/** The session an assignment belongs to (its id, for the email's link, and its clinic); null when gone. */
export async function sessionOfAssignment(assignmentId: number): Promise<{ id: number; clinicId: number } | null> {
  const assignment = await db().assignment.findUnique({
    where: { id: assignmentId },
    select: { session: { select: { id: true, clinicId: true } } },
  });
  return assignment?.session ?? null;
}
