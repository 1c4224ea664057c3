const DAY_MS = 24 * 3600 * 1000;

/**
 * The moment of a session's `remindDays` reminder: that many whole days after its start. The
 * start was read in the scheduler's `offset`, so the reminder comes at the same local time of day.
 */
export const sessionReminderAt = (startAt: Date, remindDays: number) =>
  new Date(startAt.getTime() + remindDays * DAY_MS);

export const sessionReminderKey = (sessionId: number) => `session-reminder:${String(sessionId)}`;
export const assignmentReminderKey = (reminderId: number) => `assignment-reminder:${String(reminderId)}`;
