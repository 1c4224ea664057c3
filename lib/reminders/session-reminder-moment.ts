import "server-only";
import { addLocalDays } from "@/lib/local-clock";

/**
 * The moment of a session's `remindDays` reminder: that many days after its start, at the local
 * time of day of its start: by the rules of the session's time zone when it was scheduled with one,
 * else in whole days of 24 hours (the scheduler's fixed offset).
 */
export const sessionReminderAt = (startAt: Date, remindDays: number, timeZone: string | null) =>
  addLocalDays(startAt, remindDays, { timeZone });

export const sessionReminderKey = (sessionId: number) => `session-reminder:${String(sessionId)}`;
export const assignmentReminderKey = (reminderId: number) => `assignment-reminder:${String(reminderId)}`;
