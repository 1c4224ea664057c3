import { z } from "zod";
import { AuditAction as AuditActionEnum } from "@/lib/generated/prisma/enums";
import { ActivationStatus } from "./caregiver";
import { FlagQuery, IdQuery } from "./common";

export const Caregiver = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    position: z.string(),
    activationStatus: ActivationStatus,
    hasSignIn: z.boolean().describe("Whether the care provider has a platform account."),
  })
  .meta({ id: "Caregiver" });

export const DesignPlan = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    clinicId: z.number().int(),
    weekCount: z
      .number()
      .int()
      .describe(
        "How many weeks the plan's program runs: its last week with books (0: none yet). Scheduling `sessionCount` that many sessions with the plan gives all of it; `sessionCount` defaults to 1.",
      ),
  })
  .meta({ id: "DesignPlan" });

export const Module = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  isTest: z.boolean(),
});

export const Book = z
  .object({
    id: z.number().int(),
    name: z.string(),
    clinicId: z.number().int(),
    modules: z
      .array(Module)
      .describe(
        "The modules the book gives, in order: its archived ones left out (`readBook` lists every one), so positions may skip.",
      ),
  })
  .meta({ id: "Book" });

export const ClinicQuery = z.object({
  clinicId: IdQuery,
});

/** The query of the lists of books and design plans: those in use, or the archived ones. */
export const LibraryListQuery = ClinicQuery.extend({
  archived: FlagQuery.describe("true: only the archived ones (docs/library.md). Absent or false: those in use.").meta({
    param: { example: "false" },
  }),
});

export const AuditQuery = z.object({
  clientId: IdQuery.describe(
    "Only the reads of this client's record: the client, its photo, its sessions, their messages and documents",
  ),
  accountId: IdQuery.describe("Only the reads by this sign-in (an entry's `accountId`)"),
});

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: z.string().describe("YYYY/MM/DD HH:mm in the offset header's UTC offset"),
    action: z.enum(AuditActionEnum),
    targetId: z.number().int().describe("The session's, client's or document's id (messages: the session's)"),
    clientId: z.number().int().describe("The client whose record was read (a session's or document's client)"),
    accountId: z.number().int(),
    username: z.string(),
    role: z.enum(["INSTITUTE", "CLINIC", "CAREGIVER", "CLIENT"]),
  })
  .meta({ id: "AuditEntry" });
