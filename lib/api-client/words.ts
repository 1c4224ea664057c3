// The words a person reads for the API's enum values and field keys, written once. Each map is
// typed by its schema: a new status or a renamed field fails the type check until it has words.

import type { z } from "zod";
import type { ActivationStatus } from "@/lib/schemas/caregiver";
import type { InvitationState } from "@/lib/schemas/invitation-summary";
import type { ClientCreateRequest, ClientStatus, Language, SessionRequest } from "@/lib/schemas/client";
import type { AuditEntry } from "@/lib/schemas/catalog";
import type { BlockT } from "@/lib/schemas/module-definition";
import type { AssignmentStatus, FeedbackStatus, RunningStatus } from "@/lib/schemas/session";

type Words<E extends z.ZodEnum> = Record<z.infer<E>, string>;

export const runningStatusWords: Words<typeof RunningStatus> = {
  FUTURE: "future",
  RUNNING: "running",
  COMPLETED: "completed",
};

export const assignmentStatusWords: Words<typeof AssignmentStatus> = {
  PENDING: "not started",
  IN_PROGRESS: "in progress",
  COMPLETE: "complete",
};

export const feedbackStatusWords: Words<typeof FeedbackStatus> = {
  NONE: "none",
  WAITING: "waiting",
  GIVEN: "given",
};

export const clientStatusWords: Words<typeof ClientStatus> = { ACTIVE: "active", INACTIVE: "inactive" };

/** A care provider's status (their own badge: PENDING means another thing than an assignment's). */
export const activationStatusWords: Words<typeof ActivationStatus> = {
  ACTIVE: "active",
  VERIFIED: "verified",
  INVITED: "invited",
  PENDING: "pending",
  OPEN: "open",
  INACTIVE: "inactive",
  DECLINED: "declined",
};

export const languageWords: Words<typeof Language> = { EN: "English", FR: "French" };

/** Who read, in the audit log. */
export const roleWords: Words<typeof AuditEntry.shape.role> = {
  CLINIC: "clinic staff",
  CAREGIVER: "care provider",
  CLIENT: "client",
  INSTITUTE: "institute",
};

/** A person's last invitation link, on their page. */
export const invitationStateWords: Words<typeof InvitationState> = {
  OPEN: "The last link is still open",
  USED: "The last link was used",
  EXPIRED: "The last link expired",
  REVOKED: "The last link was replaced",
};

/** Every status the API reports, in one map (the enums share no value). */
export const statusWords = {
  ...runningStatusWords,
  ...assignmentStatusWords,
  ...feedbackStatusWords,
  ...clientStatusWords,
};

export type Status = keyof typeof statusWords;

/** "in progress" → "In progress": an option or a label starts with a capital. */
export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A word map as `<option>` entries, in the schema's order. */
/** A module's block types, in the order the editor offers them. */
export const blockTypeWords: Record<BlockT["type"], string> = {
  text: "text",
  image: "image",
  video: "video link",
  single: "single choice",
  multiple: "multiple choice",
  scale: "scale",
  number: "number",
  shortText: "short text",
  longText: "long text",
  date: "date",
  time: "time of day",
};

export const optionsOf = <K extends string>(words: Record<K, string>) =>
  (Object.entries(words) as [K, string][]).map(([value, label]) => ({ value, label: capital(label) }));

type CreateKey = keyof z.input<typeof ClientCreateRequest>;
type SessionKey = keyof z.input<typeof SessionRequest>;

/**
 * The new-client form's labels, by the API's field keys: the form shows them and the API's
 * messages name fields by them (`plain-words.ts`).
 */
export const fieldLabels = {
  name: "Full name",
  email: "Email",
  mobile: "Mobile",
  externalClientId: "External id",
  language: "Language",
  status: "Status",
  imageData: "Image",
  imageExtension: "Image type",
  caregiverList: "Care team",
  caregiverId: "Care provider",
  designPlanId: "Design plan",
  bookIdList: "Books",
  date: "Start date",
  time: "Start time",
  sessionCount: "Number of weekly sessions",
  remindDays: "Reminder after (days)",
} as const satisfies Partial<Record<CreateKey | SessionKey, string>>;

const englishPlural = new Intl.PluralRules("en");
/** A count with its noun in the number it takes: "1 module", "3 modules". */
export const counted = (n: number, one: string, many: string) =>
  `${String(n)} ${englishPlural.select(n) === "one" ? one : many}`;

/** What an edit form says when saved with no field changed (it sends nothing). */
export const NOTHING_TO_SAVE = "Nothing to save: no field was changed.";
