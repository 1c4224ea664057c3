import "server-only";
import { recordRead } from "@/lib/audit/record-read";
import type { Scope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { uniqueViolation, violates } from "@/lib/db/errors";
import { conflict, type AppError } from "@/lib/errors";

/**
 * The 409 of a client creation or change whose email or externalClientId another client of the
 * clinic has (decisions.md), or null for any other error. The answer says that this person is a
 * client of the clinic, which is health data, as a search that matched them says it: it is an
 * audited read of the client found, whose READ_CLIENT row is written before the 409 is answered
 * (found by the review as a privacy officer, 2026-12-06).
 */
export async function duplicateClientConflict(
  e: unknown,
  scope: Scope,
  clinicId: number,
  sent: { email?: string | null; externalClientId?: string | null },
): Promise<AppError | null> {
  const v = uniqueViolation(e);
  const field = violates(v, "externalClientId") ? "externalClientId" : violates(v, "email") ? "email" : null;
  if (!field) return null;
  // As the row stores them: emails in lower case, externalClientId as sent.
  const value = field === "email" ? sent.email?.toLowerCase() : sent.externalClientId;
  const found = value
    ? await db().client.findFirst({ where: { clinicId, [field]: value }, select: { id: true } })
    : null;
  if (found) await recordRead(scope, "READ_CLIENT", clinicId, found.id);
  return conflict(`a client with this ${field} already exists in the clinic`, field);
}
