import "server-only";
import type { TaskPayload } from "../tasks";

// Stub: implemented with its feature (issue 12).
export function sessionReminder(payload: TaskPayload<"session-reminder">): Promise<void> {
  return Promise.reject(new Error(`session-reminder is not implemented yet (${JSON.stringify(Object.keys(payload))})`));
}
