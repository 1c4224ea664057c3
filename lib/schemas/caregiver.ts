import { z } from "zod";
import { ActivationStatus as ActivationStatusEnum } from "@/lib/generated/prisma/enums";
import { ClientCreateRequest, Language } from "./client";
import { DateTimeString, Email, Id, IdOrZero, text } from "./common";
import { InvitationSummary } from "./invitation-summary";
import { PASSWORD_MAX_LENGTH } from "./token";
import { ChosenUsername } from "./username";

const asIntegerOrZero = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  delete jsonSchema.pattern;
  Object.assign(jsonSchema, { type: "integer", minimum: 0, maximum: 2_147_483_647 });
};

const asBooleanDefaultTrue = ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
  delete jsonSchema.enum;
  Object.assign(jsonSchema, { type: "boolean", default: true });
};

export const ActivationStatus = z
  .enum(ActivationStatusEnum)
  .describe(
    "ACTIVE and VERIFIED may sign in; without a sign-in they, INVITED, PENDING and OPEN may accept an invitation (INVITED, PENDING and OPEN then become ACTIVE); INACTIVE and DECLINED may not sign in.",
  );

/** OPTT's samples send `0` for "the caller's clinic": the same as absent. */
const ClinicIdOrZero = z
  .union([z.literal(0), Id])
  .nullish()
  .transform((v) => (v === 0 ? null : v));

const ClinicIds = z
  .array(Id)
  .max(50, "at most 50 clinics")
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a clinic");

const ClientIds = z
  .array(Id)
  .max(100, "at most 100 clients")
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a client");

const Mobile = ClientCreateRequest.shape.mobile;

export const CaregiverCreateRequest = z
  .object({
    name: text(200).describe("Full name of the care provider."),
    email: Email.describe("Unique among the institute's care providers: an existing one is added to the clinic."),
    mobile: Mobile,
    position: text(100).describe('e.g. "Psychologist".'),
    language: Language.nullish().describe("Default EN."),
    activationStatus: ActivationStatus.nullish().describe("Default INVITED."),
    clientIds: ClientIds.nullish().describe("Clients of the clinic who get this care provider on their care team."),
    clinicId: ClinicIdOrZero.describe(
      "The clinic: 0 or absent is the caller's own (CLINIC); an INSTITUTE names one of its clinics.",
    ),
  })
  .meta({ id: "CaregiverCreateRequest" });

export const CaregiverUpdateRequest = z
  .strictObject({
    name: text(200).optional(),
    mobile: Mobile.describe("null removes the number."),
    position: text(100).optional(),
    language: Language.optional(),
    activationStatus: ActivationStatus.optional().describe(
      "A status that may not sign in ends the person's tokens and web sessions at once.",
    ),
    addClinicIds: ClinicIds.optional().describe(
      "Clinics to add: a CLINIC only its own, an INSTITUTE any of its clinics.",
    ),
    removeClinicIds: ClinicIds.optional().describe(
      "Clinics to remove (also from those clinics' care teams): refused while the care provider owns an open session there, or for their last clinic.",
    ),
    addClientIds: ClientIds.optional().describe(
      "Clients whose care team the care provider joins: clients of the caller's clinic (an INSTITUTE: of its clinics) where the care provider works. One already on the team stays as it is.",
    ),
    removeClientIds: ClientIds.optional().describe(
      "Clients whose care team the care provider leaves, as `addClientIds` names them: refused while they own an open session of the client. One not on the team is left as it is.",
    ),
  })
  .refine((v) => Object.keys(v).length > 0, "must change at least one field")
  .meta({ id: "CaregiverUpdateRequest" });

// Moved beside the client read, which shows them too; still exported from here for its readers.
export { InvitationState, InvitationSummary } from "./invitation-summary";
/** `?sendEmail=`: whether the new link is also emailed to the person (default true). */
const SendEmail = z
  .enum(["true", "false"], "must be true or false")
  .transform((v) => v === "true")
  .optional()
  .meta({ override: asBooleanDefaultTrue, param: { example: true } })
  .describe(
    "Whether the link is also emailed to the person's address, in their language (default true). `false` only returns the link, for staff to hand over themselves.",
  );

/** The query of a client's invitation. */
export const ClientInvitationQuery = z.object({ sendEmail: SendEmail });

/** `?clinicId=` of an invitation: 0 or absent is the caller's own clinic (CLINIC), as in bodies. */
export const InvitationQuery = z.object({
  sendEmail: SendEmail,
  clinicId: z
    .string()
    .regex(/^\d{1,10}$/, "must be 0 or a positive integer")
    .transform(Number)
    .pipe(IdOrZero)
    .optional()
    .meta({ override: asIntegerOrZero, param: { example: 0 } })
    .describe("The clinic: 0 or absent is the caller's own (CLINIC); an INSTITUTE names one of its clinics."),
});

export const CaregiverDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    position: z.string(),
    language: Language,
    activationStatus: ActivationStatus,
    clinics: z
      .array(z.object({ id: z.number().int(), name: z.string() }))
      .describe("The clinics of the caller's institute the care provider works in."),
    hasSignIn: z.boolean().describe("Whether the care provider has a platform account."),
    invitation: InvitationSummary.nullable().describe("The most recent invitation, if any."),
  })
  .meta({ id: "CaregiverDetail" });

export const InvitationCreated = z
  .object({
    url: z.string().describe("The one-time link, /invite/<token> on this site. Shown once: only its hash is stored."),
    expiresAt: DateTimeString,
    emailedTo: z
      .string()
      .nullable()
      .describe(
        "The address the link was queued to be emailed to (the person's email), or null when `sendEmail=false`.",
      ),
  })
  .meta({ id: "InvitationCreated" });

export const MIN_PASSWORD = 10;

/** The token of an emailed one-time link (an invitation, a password reset), as the link carries it. */
export const LinkToken = z.string().min(1, "must not be empty").max(200, "must be at most 200 characters");

/** A password a person chooses (accepting an invitation, or with a reset link). */
export const NewPassword = z
  .string()
  .min(MIN_PASSWORD, `must be at least ${MIN_PASSWORD} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const InvitationAcceptRequest = z
  .object({
    token: LinkToken,
    username: ChosenUsername,
    password: NewPassword,
  })
  .meta({ id: "InvitationAcceptRequest" });

export const InvitationAccepted = z
  .object({
    username: z.string(),
    role: z.enum(["CAREGIVER", "CLIENT"]),
  })
  .meta({ id: "InvitationAccepted" });

export type CaregiverCreateInput = z.output<typeof CaregiverCreateRequest>;
export type CaregiverUpdateInput = z.output<typeof CaregiverUpdateRequest>;
