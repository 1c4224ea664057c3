import "server-only";
import type { TaskPayload } from "../tasks";

// Stub: implemented with its feature (issue 12).
export function dailyDigest(payload: TaskPayload<"daily-digest">): Promise<void> {
  return Promise.reject(new Error(`daily-digest is not implemented yet (${JSON.stringify(Object.keys(payload))})`));
}
