import "server-only";
import type { TaskPayload } from "../tasks";

// Stub: implemented with its feature (issue 12).
export function assignmentReminder(payload: TaskPayload<"assignment-reminder">): Promise<void> {
  return Promise.reject(
    new Error(`assignment-reminder is not implemented yet (${JSON.stringify(Object.keys(payload))})`),
  );
}
