import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import type { EmailSettings } from "@/lib/schemas/email-settings";

/** The caller's own email settings (a client's or a care provider's). */
export async function readEmailSettings(scope: ScopeOf<"CLIENT" | "CAREGIVER">): Promise<EmailSettings> {
  if (scope.role === "CLIENT") {
    const c = await db().client.findUnique({
      where: { id: scope.clientId },
      select: { remindersOn: true, messageNoticesOn: true },
    });
    if (!c) throw notFound("client");
    return { ...c, digestOn: null };
  }
  const c = await db().caregiver.findUnique({
    where: { id: scope.caregiverId },
    select: { remindersOn: true, messageNoticesOn: true, digestOn: true },
  });
  if (!c) throw notFound("care provider");
  return c;
}
