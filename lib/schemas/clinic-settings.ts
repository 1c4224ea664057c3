import { z } from "zod";
import { Email, text } from "./common";

/** Whom the clinic's clients call in a crisis, in the clinic's words. */
const CrisisContact = text(500).describe(
  "Whom the clinic's clients call in a crisis: its after-hours line, a national line (up to 500 characters, line breaks kept). Shown on every client page, after the emergency numbers.",
);

/** Who is told when the staff's escalation of an urgent alert goes unreviewed too. */
const DutyEmail = Email.describe(
  "Who is emailed when an urgent alert is still unreviewed ALERT_DUTY_HOURS after the clinic's staff were told: a duty rota's or a clinical lead's address. Never shown to clients.",
);

/** What a client reads of their clinic's settings. */
export const CrisisContactBody = z
  .object({
    crisisContact: CrisisContact.nullable().describe("null: the client pages show the emergency numbers only."),
  })
  .meta({ id: "CrisisContact" });

export const ClinicSettings = CrisisContactBody.extend({
  dutyEmail: DutyEmail.nullable().describe("null: the clinic's own address is told."),
}).meta({ id: "ClinicSettings" });

export const ClinicSettingsUpdate = z
  .strictObject({
    crisisContact: CrisisContact.nullable().optional().describe("null removes it; absent leaves it as it is."),
    dutyEmail: DutyEmail.nullable().optional().describe("null removes it; absent leaves it as it is."),
  })
  .refine((b) => b.crisisContact !== undefined || b.dutyEmail !== undefined, {
    message: "must name crisisContact, dutyEmail or both",
  })
  .meta({ id: "ClinicSettingsUpdate", minProperties: 1 });

export type CrisisContactBody = z.infer<typeof CrisisContactBody>;
export type ClinicSettings = z.infer<typeof ClinicSettings>;
export type ClinicSettingsUpdate = z.infer<typeof ClinicSettingsUpdate>;
