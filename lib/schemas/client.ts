import { z } from "zod";
import { ClientStatus as ClientStatusEnum, Language as LanguageEnum } from "@/lib/generated/prisma/enums";
import {
  ClinicIdOrCaller,
  DateTimeString,
  Email,
  Id,
  IdQuery,
  IgnoredId,
  LocalDate,
  LocalTime,
  designPlanIdOrNone,
  text,
} from "./common";
import { InvitationSummary } from "./invitation-summary";
import { RunningStatus } from "./session";
import {
  IMAGE_EXTENSIONS,
  MAX_IMAGE_BYTES,
  cleanBase64,
  decodedSize,
  headBytes,
  sameImageType,
  sniffImage,
} from "./image";

export const Language = z.enum(LanguageEnum).describe("ISO 639-1, upper case");
export const ClientStatus = z.enum(ClientStatusEnum);

/**
 * A client's mobile number: E.164-like, as the creation and the change of a client accept it. A
 * length and one expression without lookaround say the whole rule (at most 24 characters; + and 7
 * to 15 digits, spaces and dashes between), so that the OpenAPI document's `maxLength` and
 * `pattern` accept exactly what the server does, in any language's regular expressions.
 */
export const Mobile = z
  .string()
  .trim()
  .max(24, "must be a phone number: + and 7 to 15 digits, spaces and dashes allowed")
  .regex(
    /^\+?[0-9](?:[ -]*[0-9]){6,14}[ -]*$/,
    "must be a phone number: + and 7 to 15 digits, spaces and dashes allowed",
  );

export const ExternalClientId = text(100);

/** The `session` field of a client creation: assigns the new client to a session at once. */
export const SessionRequest = z
  .object({
    id: IgnoredId.nullish().describe("Accepted and ignored (0 included): the server assigns ids."),
    title: text(200)
      .nullish()
      .describe(
        'Default: the design plan\'s name (its `nameFr`, where it has one, for a client whose language is FR), else "Session" ("Séance" for FR). With `sessionCount` > 1 each session\'s title ends with its number: "Session 1", "Session 2", ….',
      ),
    description: z.string().max(5000, "must be at most 5000 characters").nullish(),
    caregiverId: Id.describe("Care provider who owns the session; added to the care team if absent."),
    clientId: IgnoredId.nullish().describe("Accepted and ignored (0 included): the new client."),
    clinicId: IgnoredId.nullish().describe("Accepted and ignored (0 included): the client's clinic."),
    designPlanId: designPlanIdOrNone,
    bookIdList: z
      .array(Id)
      .max(50, "at most 50 books")
      .refine((ids) => new Set(ids).size === ids.length, "must not repeat a book")
      .nullish()
      .describe("Books to assign: one assignment per module. Null or absent: no homework."),
    date: LocalDate.nullish().describe(
      "Start date, YYYY/MM/DD (or YYYY-MM-DD) in the offset header's UTC offset, or by the rules of the time-zone header when given; default today. Within 5 years before and 10 years after today, else 400.",
    ),
    time: LocalTime.nullish().describe("Start time, HH:mm; default now (00:00 when only date is given)."),
    remindDays: z
      .number()
      .int()
      .min(0)
      .max(365)
      .nullish()
      .describe(
        "Days after each session's start when the client and the care team are reminded by email, at the start's local time of day; nothing when the session is closed, the client INACTIVE or its homework all submitted.",
      ),
    sessionCount: z
      .number()
      .int()
      .min(1)
      .max(52)
      .nullish()
      .describe("Number of consecutive 7-day sessions; default 1."),
  })
  .meta({ id: "SessionRequest" });

/**
 * The image's check runs once its own two fields are well-formed, whatever else is wrong: zod skips
 * an object's refinement after any field's issue, and one answer should name every field to mend.
 * A `when` runs even when the body is no object at all (null, a list): then there is no image.
 */
const imageFieldsWellFormed = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === "object" &&
    payload.value !== null &&
    !Array.isArray(payload.value) &&
    !payload.issues.some((i) => i.path?.[0] === "imageData" || i.path?.[0] === "imageExtension"),
};

export const ClientCreateRequest = z
  .object({
    name: text(200).describe("Full name of the client."),
    email: Email,
    mobile: Mobile.nullish(),
    imageData: z
      .string()
      .min(1, "must not be empty")
      .nullish()
      .describe("Base64 of the image; a data:image/...;base64, prefix is accepted."),
    imageExtension: z
      .string()
      .transform((s) => s.trim().toLowerCase().replace(/^\./, ""))
      .pipe(z.enum(IMAGE_EXTENSIONS, { message: `must be one of ${IMAGE_EXTENSIONS.join(", ")}` }))
      .nullish(),
    caregiverList: z
      .array(Id)
      .max(100, "at most 100 care providers")
      .nullish()
      .describe("Care providers of the clinic who form the client's care team."),
    session: SessionRequest.nullish(),
    clientId: z.string().nullish().describe("Accepted and ignored (any string)."),
    clinicId: ClinicIdOrCaller,
    externalClientId: ExternalClientId.nullish().describe(
      "The client's id in the caller's own system; unique within the clinic.",
    ),
    fromCpm: z.boolean().nullish().describe("Accepted and stored."),
    id: IgnoredId.nullish().describe("Accepted and ignored (0 included): the server assigns ids."),
    language: Language.nullish().describe("Default EN."),
    status: ClientStatus.nullish().describe("Default ACTIVE."),
  })
  .superRefine((v, ctx) => {
    if (v.imageData == null && v.imageExtension == null) return;
    if (v.imageData == null || v.imageExtension == null) {
      const missing = v.imageData == null ? "imageData" : "imageExtension";
      ctx.addIssue({ code: "custom", path: [missing], message: "imageData and imageExtension go together" });
      return;
    }
    const b64 = cleanBase64(v.imageData);
    if (b64 === null) {
      ctx.addIssue({ code: "custom", path: ["imageData"], message: "is not valid base64" });
      return;
    }
    if (decodedSize(b64) > MAX_IMAGE_BYTES) {
      ctx.addIssue({
        code: "custom",
        path: ["imageData"],
        message: `the image is larger than ${MAX_IMAGE_BYTES} bytes`,
        params: { tooLarge: true },
      });
      return;
    }
    if (!sameImageType(v.imageExtension, sniffImage(headBytes(b64)))) {
      ctx.addIssue({ code: "custom", path: ["imageData"], message: `the bytes are not a ${v.imageExtension} image` });
    }
  }, imageFieldsWellFormed)
  .meta({ id: "ClientCreateRequest" });

export type ClientCreateInput = z.infer<typeof ClientCreateRequest>;

const CaregiverIds = z
  .array(Id)
  .min(1, "must name at least one care provider")
  .max(100, "at most 100 care providers")
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a care provider");

/**
 * A change of a client: only the fields sent change (a partial update); `null` removes an optional
 * value. The care team changes by the caregivers added and removed, so that two people editing the
 * team at once do not undo each other's change.
 */
export const ClientUpdateRequest = z
  .strictObject({
    name: text(200).optional().describe("Full name of the client."),
    email: Email.optional().describe("Unique within the clinic."),
    mobile: Mobile.nullish().describe("E.164-like; null removes it."),
    externalClientId: ExternalClientId.nullish().describe(
      "The client's id in the caller's own system; unique within the clinic; null removes it.",
    ),
    language: Language.optional(),
    status: ClientStatus.optional().describe(
      "INACTIVE: the client can no longer sign in (every token and web session ends at once) and gets no reminders. ACTIVE again: the client signs in anew.",
    ),
    careTeam: z
      .strictObject({
        add: CaregiverIds.optional().describe("Care providers of the clinic to add; one already on the team stays."),
        remove: CaregiverIds.optional().describe(
          "Care providers to remove; refused (409) for one who owns an open session of the client.",
        ),
      })
      .refine((t) => t.add !== undefined || t.remove !== undefined, "must have add or remove")
      .refine(
        (t) => !(t.add ?? []).some((id) => (t.remove ?? []).includes(id)),
        "must not add and remove the same care provider",
      )
      .optional()
      .describe("Changes of the care team."),
  })
  .refine((v) => Object.keys(v).length > 0, "must change at least one field")
  .meta({ id: "ClientUpdateRequest" });

export type ClientUpdateInput = z.infer<typeof ClientUpdateRequest>;
export type SessionRequestInput = z.infer<typeof SessionRequest>;

export const CareTeamMember = z.object({ id: z.number().int(), name: z.string(), position: z.string() });

export const ClientSummary = z
  .object({
    id: z.number().int(),
    clientOpptId: z.string(),
    externalClientId: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
    language: Language,
    status: ClientStatus,
    clinicId: z.number().int(),
    hasImage: z.boolean(),
    createDate: DateTimeString,
  })
  .meta({ id: "ClientSummary" });

export const ClientSessionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  startDate: DateTimeString,
  runningStatus: RunningStatus,
  caregiverId: z.number().int(),
  caregiverName: z.string(),
});

export const ClientDetail = ClientSummary.extend({
  fromCpm: z.boolean(),
  imageUrl: z.string().nullable(),
  careTeam: z.array(CareTeamMember),
  sessions: z.array(ClientSessionSummary),
  hasSignIn: z.boolean().describe("Whether the client has a platform account."),
  invitation: InvitationSummary.nullable().describe("The client's most recent invitation, if any."),
  careEpisodeStartDate: DateTimeString.nullable().describe(
    "When the clinic started the client's current episode of care (startCareEpisode); null: since the client's first score.",
  ),
}).meta({ id: "ClientDetail" });

/** The client's current episode of care, as startCareEpisode answers it. */
export const CareEpisode = z
  .object({
    careEpisodeStartDate: DateTimeString.describe(
      "From this moment a change alert measures a score from the client's previous and first scores since.",
    ),
  })
  .meta({ id: "CareEpisode" });

export const ClientListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ param: { description: "Part of a client's name, email or external id (any case)", example: "ada" } }),
  status: ClientStatus.optional().meta({
    param: { description: "Only the clients of this status (default: both)", example: "INACTIVE" },
  }),
  clinicId: IdQuery,
  caregiverId: IdQuery.describe(
    "Only the clients whose care team this care provider is on. A filter, not a scope: an id of no care provider of the clinic lists nothing",
  ),
});

/** One of a caregiver's own clients (care team and clinic), for choosing among them. */
export const CaregiverClient = z.object({ id: z.number().int(), name: z.string() }).meta({ id: "CaregiverClient" });
