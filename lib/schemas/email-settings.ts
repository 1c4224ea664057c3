import { z } from "zod";

export const EmailSettings = z
  .object({
    remindersOn: z.boolean().describe("Reminders of homework and of a session's reminder day."),
    messageNoticesOn: z.boolean().describe('Notices of new messages ("you have a new message").'),
    digestOn: z
      .boolean()
      .nullable()
      .describe("The daily digest of homework waiting for feedback (care providers); null for a client."),
  })
  .meta({ id: "EmailSettings" });

export const EmailSettingsUpdate = z
  .strictObject({
    remindersOn: z.boolean().optional().describe("false: no reminder email to this person."),
    messageNoticesOn: z.boolean().optional().describe("false: no notice of new messages."),
    digestOn: z.boolean().optional().describe("Care providers only (a client sending it answers 422)."),
  })
  .refine((b) => Object.keys(b).length > 0, "must change at least one setting")
  .meta({ id: "EmailSettingsUpdate" });

export type EmailSettings = z.infer<typeof EmailSettings>;
export type EmailSettingsUpdate = z.infer<typeof EmailSettingsUpdate>;
