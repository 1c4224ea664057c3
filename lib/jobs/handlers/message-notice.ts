import "server-only";
import type { TaskPayload } from "../tasks";

// Stub: implemented with its feature (issue 12).
export function messageNotice(payload: TaskPayload<"message-notice">): Promise<void> {
  return Promise.reject(new Error(`message-notice is not implemented yet (${JSON.stringify(Object.keys(payload))})`));
}
