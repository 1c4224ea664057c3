import { z } from "zod";
import { text } from "./common";

/** Whom the clinic's clients call in a crisis, in the clinic's words. */
const CrisisContact = text(500).describe(
  "Whom the clinic's clients call in a crisis: its after-hours line, a national line (up to 500 characters, line breaks kept). Shown on every client page, after the emergency numbers.",
);

export const ClinicSettings = z
  .object({
    crisisContact: CrisisContact.nullable().describe("null: the client pages show the emergency numbers only."),
  })
  .meta({ id: "ClinicSettings" });

export const ClinicSettingsUpdate = z
  .strictObject({ crisisContact: CrisisContact.nullable().describe("null removes it.") })
  .meta({ id: "ClinicSettingsUpdate" });

export type ClinicSettings = z.infer<typeof ClinicSettings>;
export type ClinicSettingsUpdate = z.infer<typeof ClinicSettingsUpdate>;
