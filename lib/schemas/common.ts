import { z } from "zod";
import { CALENDAR_DATE, CLOCK_TIME, parseCalendarDate } from "@/lib/dates";

/** A database id: a positive 32-bit integer. Larger or negative ids can name nothing. */
export const Id = z
  .number()
  .int("must be an integer")
  .min(1, "must be a positive integer")
  .max(2_147_483_647, "must be at most 2147483647");

// OPTT's reference pages show Swagger's placeholder bodies (`0` for every id), and integrations
// copied them (decisions.md "OPTT's documented requests"): where an id may be left unset, 0 says so.

/** A field the contract accepts and ignores: any integer, 0 included (never stored, never looked up). */
export const IgnoredId = z.number().int("must be an integer").describe("Accepted and ignored (0 included).");

/** An id, or 0 for none (an id that may be left unset, sent as OPTT's samples do). */
export const IdOrZero = z
  .number()
  .int("must be an integer")
  .min(0, "must be 0 or a positive integer")
  .max(2_147_483_647, "must be at most 2147483647");

/**
 * The clinic an operation acts on: 0 or absent is the caller's own for a CLINIC token; an
 * INSTITUTE token must name one of its clinics. The rule itself is `resolveClinic`
 * (lib/clinics/resolve-clinic.ts), which reads 0 as absent.
 */
export const ClinicIdOrCaller = IdOrZero.nullish().describe(
  "The clinic: 0 or absent is the caller's own (CLINIC); an INSTITUTE token must name one of its clinics (required, at least 1).",
);

/** A design plan of the clinic, or none: 0, null or absent (read as null). */
export const designPlanIdOrNone = IdOrZero.nullish()
  .transform((id) => id || null)
  .describe("A design plan of the clinic; 0, null or absent: none.");

/**
 * Documents a decimal string of the query or path as the integer it stands for, so that the
 * document (and clients generated from it) say `integer`, with its bounds, not a patterned string.
 */
const asInteger =
  (bounds: { minimum: number; maximum: number; default?: number }) =>
  ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    delete jsonSchema.pattern;
    Object.assign(jsonSchema, { type: "integer", ...bounds });
  };

/** An id in a path or query string. */
export const IdParam = z
  .string()
  .regex(/^\d{1,10}$/, "must be a positive integer")
  .transform(Number)
  .pipe(Id)
  // Documented as what it names: an integer within the bounds of `Id`, written in decimal.
  .meta({ override: asInteger({ minimum: 1, maximum: 2_147_483_647 }), param: { example: 12 } });

export const PathId = z.object({ id: IdParam });

/** An optional id in a query string, within the bounds of `Id`. */
export const IdQuery = IdParam.optional().meta({ param: { example: 12 } });

/** A query parameter that is `true` or `false`; absent, false. */
export const FlagQuery = z
  .enum(["true", "false"], "must be true or false")
  .optional()
  .transform((v) => v === "true");

/**
 * Any JSON value, as `z.json()` (the same definition), named so that the document refers to it as
 * a component instead of an anonymous recursive one.
 */
export const JsonValue: z.ZodType<z.core.util.JSONType> = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.lazy(() => JsonValue)).meta({ id: "JsonArray" }),
    z.record(
      z.string(),
      z.lazy(() => JsonValue),
    ),
  ])
  .meta({ id: "JsonValue" });

export const PageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, "must be an integer from 0")
    .transform(Number)
    .default(0)
    .meta({ override: asInteger({ minimum: 0, maximum: 999_999, default: 0 }), param: { example: 0 } }),
  size: z
    .string()
    .regex(/^\d{1,3}$/, "must be an integer from 1 to 100")
    .transform(Number)
    .pipe(z.number().int().min(1, "must be at least 1").max(100, "must be at most 100"))
    .default(20)
    .meta({ override: asInteger({ minimum: 1, maximum: 100, default: 20 }), param: { example: 20 } }),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });

export const NUL_MESSAGE = "must not contain the NUL character (U+0000)";
/** PostgreSQL text cannot hold U+0000: a string with it is refused before it reaches the database. */
export const hasNul = (s: string) => s.includes("\u0000");

export const NOT_UNICODE_MESSAGE = "must be well-formed Unicode (no lone UTF-16 surrogate)";
/**
 * JSON can carry a lone UTF-16 surrogate ("\ud800"), which is no Unicode character: jsonb refuses
 * it and text columns would store it as U+FFFD, so such a string is refused before either.
 */
export const isNotUnicode = (s: string) => !s.isWellFormed();

/** A text field: trimmed, not empty, bounded, no NUL, well-formed Unicode. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !hasNul(s), NUL_MESSAGE)
    .refine((s) => !isNotUnicode(s), NOT_UNICODE_MESSAGE);

/** An email address as the API accepts it (also the operator's CLI). */
export const Email = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be an email address"));

/** The contract's date format, `YYYY/MM/DD HH:mm`, in the caller's `offset`. */
export const DateTimeString = z.string().describe("YYYY/MM/DD HH:mm in the offset header's UTC offset");

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details" });

/**
 * A refinement's `when`: only a value that passed the checks before it, so that a text that is no
 * date or number at all ("string", as OPTT's samples send) gets one error, not two. (Not `abort`:
 * an aborted field stops the refinements of the object around it, which then leave out fields.)
 */
export const soFarWellFormed = (payload: z.core.ParsePayload) => payload.issues.length === 0;

/** A calendar day, `YYYY/MM/DD` (or `YYYY-MM-DD`), read in the offset header's zone. */
export const LocalDate = z
  .string()
  .regex(CALENDAR_DATE, "must be YYYY/MM/DD or YYYY-MM-DD")
  .refine(
    (s) => {
      const day = parseCalendarDate(s);
      return day !== null && day.year >= 1900 && day.year <= 2200;
    },
    { message: "is not a calendar date", when: soFarWellFormed },
  );

/** A time of day, `HH:mm`, read in the offset header's zone. */
export const LocalTime = z.string().regex(CLOCK_TIME, "must be HH:mm");
