import { ClinicSettings, ClinicSettingsUpdate, CrisisContactBody } from "@/lib/schemas/clinic-settings";
import { EmailSettings, EmailSettingsUpdate } from "@/lib/schemas/email-settings";
import { defineOperation } from "./define";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

const PEOPLE = ["CLIENT", "CAREGIVER"] as const;

export const readEmailSettings = defineOperation({
  operationId: "readEmailSettings",
  method: "GET",
  path: "/gateway/profile/email-settings",
  tag: "Profile",
  summary: "The caller's own email settings",
  description:
    "For a client or a care provider: which emails they get. Reminders (homework reminder moments and a session's reminder day), notices of new messages, and for care providers the daily digest (`digestOn` is null for a client). Every email is a sentence and a link to sign in: no health data.",
  roles: PEOPLE,
  ok: {
    status: 200,
    description: "The settings",
    schema: EmailSettings,
    example: { remindersOn: true, messageNoticesOn: true, digestOn: false },
  },
  errors: AUTHED_ERRORS,
});

export const updateEmailSettings = defineOperation({
  operationId: "updateEmailSettings",
  method: "PUT",
  path: "/gateway/profile/email-settings",
  tag: "Profile",
  summary: "Change the caller's own email settings",
  description:
    "Only the fields sent change (at least one). `remindersOn` false: no reminder email to this person from now on, including reminders already scheduled. `digestOn` is for care providers; a client sending it answers 422 and nothing changes. Answers the settings after the change.",
  roles: PEOPLE,
  body: { schema: EmailSettingsUpdate, example: { remindersOn: false } },
  ok: {
    status: 200,
    description: "The settings after the change",
    schema: EmailSettings,
    example: { remindersOn: false, messageNoticesOn: true, digestOn: true },
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "unprocessable"],
  errorNotes: {
    bad_request: "Not a JSON object of booleans, an unknown field, or no field at all",
    unprocessable: "`digestOn` sent by a client",
  },
});

const CRISIS_EXAMPLE = "After hours: our on-call line, +1 514 555 0100 (6 pm to 8 am).\nSuicide crisis line: 988.";
const SETTINGS_EXAMPLE = { crisisContact: CRISIS_EXAMPLE, dutyEmail: "on-call@clinic.example" };

export const readClinicSettings = defineOperation({
  operationId: "readClinicSettings",
  method: "GET",
  path: "/gateway/profile/clinic/settings",
  tag: "Profile",
  summary: "The caller's clinic's settings",
  description:
    "For the clinic's staff: whom its clients call in a crisis (`crisisContact`), shown on every client page after the emergency numbers, and who is emailed when an urgent alert is still unreviewed ALERT_DUTY_HOURS after the staff were told (`dutyEmail`; null: the clinic's own address).",
  roles: ["CLINIC"],
  ok: {
    status: 200,
    description: "The settings",
    schema: ClinicSettings,
    example: SETTINGS_EXAMPLE,
  },
  errors: AUTHED_ERRORS,
});

export const updateClinicSettings = defineOperation({
  operationId: "updateClinicSettings",
  method: "PUT",
  path: "/gateway/profile/clinic/settings",
  tag: "Profile",
  summary: "Change the caller's clinic's settings",
  description:
    "Sets whom the clinic's clients call in a crisis (null removes it: the client pages then show the emergency numbers only; the next page a client opens shows it) and the duty contact's address (null: the clinic's own address). A field left out is left as it is. Answers the settings after the change.",
  roles: ["CLINIC"],
  body: { schema: ClinicSettingsUpdate, example: SETTINGS_EXAMPLE },
  ok: {
    status: 200,
    description: "The settings after the change",
    schema: ClinicSettings,
    example: SETTINGS_EXAMPLE,
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS],
  errorNotes: {
    bad_request:
      "Not a JSON object naming `crisisContact` or `dutyEmail`, a text over 500 characters, an address that is not one, or an unknown field",
  },
});

export const readOwnCrisisContact = defineOperation({
  operationId: "readOwnCrisisContact",
  method: "GET",
  path: "/gateway/profile/client/crisis-contact",
  tag: "Profile",
  summary: "Whom the client's clinic asks them to call in a crisis",
  description:
    "For a client: their clinic's crisis contact, as its staff wrote it (null: none; show the emergency numbers alone). The web pages show it at the foot of every client page, after the emergency numbers.",
  roles: ["CLIENT"],
  ok: {
    status: 200,
    description: "The clinic's crisis contact",
    schema: CrisisContactBody,
    example: { crisisContact: CRISIS_EXAMPLE },
  },
  errors: AUTHED_ERRORS,
});
