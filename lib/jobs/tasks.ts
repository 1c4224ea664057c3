import { z } from "zod";
import { DatabaseMoment } from "./database-moment";

// Every job the queue knows: its name and the payload it carries. Payloads hold ids and
// addresses, never health data; a secret a job must deliver (an invitation token) travels sealed
// with SECRET_KEY (lib/auth/secret-box.ts), because job rows stay in the database until done.
export const Language = z.enum(["EN", "FR"]);

export const MailKind = z.enum([
  "invitation",
  "password-reset",
  "reminder",
  "digest",
  "message",
  "alert",
  "escalation",
  "duty-escalation",
  "duty-changed",
]);
export type MailKind = z.infer<typeof MailKind>;

export const TASK_PAYLOADS = {
  /** One email to one person; retried with backoff until the SMTP server takes it. */
  "send-email": z.object({
    to: z.email(),
    language: Language,
    kind: MailKind,
    /** Words and numbers the template fills in (counts, a path on this site). No health data. */
    params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
    /** A secret part of the link (an invitation's or a password reset's token), sealed; opened only to render the email. */
    sealedToken: z.string().optional(),
  }),
  /** The `remindDays` reminder of one session, to the client and the care team. */
  "session-reminder": z.object({ sessionId: z.number().int() }),
  /** One reminder moment of one assignment. */
  "assignment-reminder": z.object({ reminderId: z.number().int() }),
  /** "You have a new message" to one person about one session's conversation, if still unread. */
  "message-notice": z.object({ sessionId: z.number().int(), accountId: z.number().int() }),
  /** "An answer needs your attention" to the client's care team, queued by the submit that raised an alert. */
  "alert-notice": z.object({ assignmentId: z.number().int() }),
  /**
   * Answers saved but not submitted that raise an urgent alert, SAVED_ALERT_MINUTES after they
   * were saved: the care team is told unless the client has submitted or changed them by then.
   */
  "saved-alert": z.object({ assignmentId: z.number().int() }),
  /** "An urgent alert has not been reviewed" to the clinic's staff, unless the care team has reviewed it. */
  "alert-escalation": z.object({
    assignmentId: z.number().int(),
    /** Nobody on the care team could be told (none, or none able to sign in): escalated at once. */
    unreachable: z.boolean().default(false),
    /**
     * Whose alerts: of answers saved and not submitted, or submitted (jobs queued before saved
     * alerts existed). Each has its own job; one finds nothing to do once the answers are the other.
     */
    alertsOf: z.enum(["saved", "submitted"]).default("submitted"),
  }),
  /**
   * "An urgent alert is still not reviewed" to the clinic's duty contact, queued by the escalation
   * to run ALERT_DUTY_HOURS later: nothing when a caregiver has marked the alerts reviewed by then.
   */
  "alert-duty": z.object({
    assignmentId: z.number().int(),
    /** The staff's escalation, as the database wrote it: the alerts it told of, and no others. */
    escalatedAt: DatabaseMoment,
    /** The words of the staff's email: whose alerts, and why the staff were told. */
    state: z.enum(["saved", "submitted", "earlier"]),
    reason: z.enum(["unreviewed", "unreachable"]),
  }),
  /**
   * "Forgot your password?": finds the sign-ins a login names and emails each a link. A job, so the
   * answer to the request is the same, in time too, whether or not anyone matched.
   */
  "password-reset": z.object({ login: z.string().min(1).max(320) }),
  /** Once a day: each caregiver's counts of homework waiting for feedback and of alerts. */
  "daily-digest": z
    .object({
      /** Only these caregivers (a digest run by hand for some people); absent: everyone. */
      caregiverIds: z.array(z.number().int()).max(1000).optional(),
    })
    .loose(),
  /** Once a day: erases the records of clients past their institute's retention period. */
  "erase-expired-clients": z.object({}).loose(),
} as const;

export type TaskName = keyof typeof TASK_PAYLOADS;
export type TaskPayload<T extends TaskName> = z.infer<(typeof TASK_PAYLOADS)[T]>;
