import "server-only";
import type { TaskList } from "graphile-worker";
import { TASK_PAYLOADS as P } from "./tasks";
import { alertDuty } from "./handlers/alert-duty";
import { alertEscalation } from "./handlers/alert-escalation";
import { alertNotice } from "./handlers/alert-notice";
import { assignmentReminder } from "./handlers/assignment-reminder";
import { dailyDigest } from "./handlers/daily-digest";
import { eraseExpiredClients } from "./handlers/erase-expired-clients";
import { messageNotice } from "./handlers/message-notice";
import { savedAlert } from "./handlers/saved-alert";
import { sendEmail } from "./handlers/send-email";
import { sendPasswordResets } from "./handlers/send-password-resets";
import { sessionReminder } from "./handlers/session-reminder";

// A payload that does not parse fails the job (kept with its error, visible to the operator);
// nothing half-runs.
export const TASK_LIST = {
  "send-email": (p: unknown) => sendEmail(P["send-email"].parse(p)),
  "session-reminder": (p: unknown) => sessionReminder(P["session-reminder"].parse(p)),
  "assignment-reminder": (p: unknown) => assignmentReminder(P["assignment-reminder"].parse(p)),
  "message-notice": (p: unknown) => messageNotice(P["message-notice"].parse(p)),
  "alert-notice": (p: unknown) => alertNotice(P["alert-notice"].parse(p)),
  "saved-alert": (p: unknown) => savedAlert(P["saved-alert"].parse(p)),
  "alert-escalation": (p: unknown) => alertEscalation(P["alert-escalation"].parse(p)),
  "alert-duty": (p: unknown) => alertDuty(P["alert-duty"].parse(p)),
  "password-reset": (p: unknown) => sendPasswordResets(P["password-reset"].parse(p)),
  "daily-digest": (p: unknown) => dailyDigest(P["daily-digest"].parse(p ?? {})),
  "erase-expired-clients": (p: unknown) => {
    P["erase-expired-clients"].parse(p ?? {});
    return eraseExpiredClients();
  },
} satisfies TaskList & Record<keyof typeof P, unknown>;
