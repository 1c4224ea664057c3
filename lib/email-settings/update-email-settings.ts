import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { fieldError } from "@/lib/errors";
import type { EmailSettings, EmailSettingsUpdate } from "@/lib/schemas/email-settings";
import { readEmailSettings } from "./read-email-settings";

/**
 * Changes the caller's own email settings; only the fields sent change. Reminders already queued
 * read the setting when they run, so turning reminders off stops the next one.
 */
export async function updateEmailSettings(
  scope: ScopeOf<"CLIENT" | "CAREGIVER">,
  body: EmailSettingsUpdate,
): Promise<EmailSettings> {
  const { remindersOn, messageNoticesOn, digestOn } = body;
  if (scope.role === "CLIENT") {
    if (digestOn !== undefined) throw fieldError("unprocessable", "digestOn", "a client gets no daily digest");
    // Not onto an erased record (404): the erasure turned both off, and a change sent while it ran
    // waits for the row and then finds it erased (e2e/domain/erase-client-race.test.ts).
    await db().client.update({
      where: { id: scope.clientId, erasedAt: null },
      data: { remindersOn, messageNoticesOn },
    });
  } else {
    await db().caregiver.update({
      where: { id: scope.caregiverId },
      data: { remindersOn, messageNoticesOn, digestOn },
    });
  }
  return readEmailSettings(scope);
}
