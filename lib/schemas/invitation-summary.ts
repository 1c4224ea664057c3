import { z } from "zod";
import { DateTimeString } from "./common";

export const InvitationState = z
  .enum(["OPEN", "USED", "EXPIRED", "REVOKED"])
  .describe("OPEN: the link works; USED: accepted; EXPIRED: past expiresAt; REVOKED: replaced by a newer link.");

export const InvitationSummary = z
  .object({ state: InvitationState, clinicId: z.number().int(), expiresAt: DateTimeString })
  .meta({ id: "InvitationSummary" });
