import { z } from "zod";
import { ClinicIdOrCaller, Id, hasNul, isNotUnicode, NOT_UNICODE_MESSAGE, NUL_MESSAGE, text } from "./common";
import { ModuleDefinition } from "./module-definition";

// Authoring a clinic's program: books, their modules (each a versioned definition) and design
// plans (weeks of books). docs/api-decisions.md "Authoring" says why each rule is what it is.

/** A description: may be empty (the default), bounded, storable. */
const Description = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .refine((s) => !hasNul(s), NUL_MESSAGE)
  .refine((s) => !isNotUnicode(s), NOT_UNICODE_MESSAGE);

const Name = text(200);

/**
 * The name a client whose language is French reads (docs/library.md, "Names in French"); null or
 * absent: the same name in both languages. On a PATCH, null removes it.
 */
const NameFr = Name.nullable().describe(
  "The name a client whose language is French reads; null: the same as `name` in both languages.",
);

/** A design plan's `nameFr`: not read by the client as such, but the title of the sessions it schedules for them. */
const PlanNameFr = NameFr.describe(
  "The default title of the sessions scheduled with the plan for a client whose language is French; null: `name` in both languages.",
);

/** `nameFr` as a detail gives it. */
const StoredNameFr = z.string().nullable().describe("The name a client whose language is French reads; null: `name`.");

export const BookCreateRequest = z.object({
  clinicId: ClinicIdOrCaller,
  name: Name,
  nameFr: NameFr.default(null),
  description: Description.default(""),
});

/** A PATCH must name a change, as a client's and a care provider's must: `{}` is 400, not a silent 200. */
/** A PATCH names a field to change; `apart` are fields that go with a change but change nothing alone. */
const changesSomething = (v: object, apart: readonly string[] = []) => Object.keys(v).some((k) => !apart.includes(k));

/** Archiving, in the body of a book's, design plan's or module's PATCH (docs/library.md). */
const Archived = z.boolean();

export const BookUpdateRequest = z
  .object({
    name: Name.optional(),
    nameFr: NameFr.optional(),
    description: Description.optional(),
    archived: Archived.optional().describe(
      "true: archive the book. It is no longer listed (`listBooks` without `archived=true`), given as homework, named in a scheduling's `bookIdList` or put in a design plan's weeks (422); homework already given keeps it. Refused with 409 while a design plan in use has it in a week. false: bring it back.",
    ),
  })
  .refine((v) => changesSomething(v), "must change at least one field");

export const BookModule = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  isTest: z.boolean(),
  version: z.number().int().describe("The current version: what a new assignment of the module is given."),
  archived: z.boolean().describe("Archived: the book no longer gives it; assignments already given keep it."),
  french: z
    .object({
      texts: z
        .number()
        .int()
        .describe("The current version's texts a client reads (its blocks') that have a letter in their English."),
      missing: z
        .number()
        .int()
        .describe("How many of them have no French: a French-speaking client reads those in English."),
    })
    .describe('How much of the current version is written in French (docs/library.md, "French written").'),
});

export const BookDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameFr: StoredNameFr,
    description: z.string(),
    clinicId: z.number().int(),
    libraryKey: z.string().nullable().describe("The library book this one was copied from, else null."),
    archived: z.boolean().describe("Archived: no longer listed, given as homework or put in a design plan."),
    modules: z.array(BookModule).describe("Every module in order, the archived ones too."),
  })
  .meta({ id: "BookDetail" });

export const ModuleCreateRequest = z.object({ name: Name, nameFr: NameFr.default(null), definition: ModuleDefinition });

export const ModuleUpdateRequest = z
  .object({
    name: Name.optional(),
    nameFr: NameFr.optional(),
    definition: ModuleDefinition.optional(),
    baseVersion: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        "The version `definition` was edited from. When the module has a later one by now (a colleague's save) and `definition` differs from it, the change is refused with 409 and nothing is saved: it would undo that save. Absent: `definition` replaces whatever is current.",
      ),
    archived: Archived.optional().describe(
      "true: archive the module. Its book no longer gives it as homework, nor lists it in `listBooks`; assignments already given keep it. false: bring it back.",
    ),
  })
  .refine((v) => changesSomething(v, ["baseVersion"]), "must change at least one field");

export const ModuleDetail = z
  .object({
    id: z.number().int(),
    bookId: z.number().int(),
    clinicId: z.number().int(),
    name: z.string(),
    nameFr: StoredNameFr,
    position: z.number().int(),
    isTest: z.boolean().describe("Whether the current definition has a scoring section."),
    libraryKey: z.string().nullable(),
    standard: z
      .boolean()
      .describe(
        "A standard measure of the library (PHQ-9, GAD-7, PCL-5, WHO-5): its definition stays as published, so that its scores mean what the instrument's do; it can be renamed, in either language.",
      ),
    version: z.number().int().describe("The current version's number, from 1; each changed definition adds one."),
    archived: z.boolean().describe("Archived: its book no longer gives it; assignments already given keep it."),
    definition: ModuleDefinition,
  })
  .meta({ id: "ModuleDetail" });

export const ModuleOrderRequest = z.object({
  moduleIds: z
    .array(Id)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, "must not name a module twice")
    .describe("Every module of the book, once, in the new order."),
});

const WeekRequest = z.object({
  bookIds: z
    .array(Id)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, "must not name a book twice")
    .describe("The books of this week: each module of each becomes an assignment of the week's session."),
});

const Weeks = z
  .array(WeekRequest)
  .max(104)
  .superRefine((weeks, ctx) => {
    const last = weeks.length - 1;
    if (last >= 0 && weeks[last]?.bookIds.length === 0)
      ctx.addIssue({
        code: "custom",
        path: [last, "bookIds"],
        message: "the last week must name a book: a plan ends with its last week of homework",
      });
  })
  .describe("The program, week 1 first; a week may be empty (no homework that week), except the last.");

export const DesignPlanCreateRequest = z.object({
  clinicId: ClinicIdOrCaller,
  name: Name,
  nameFr: PlanNameFr.default(null),
  description: Description.default(""),
  weeks: Weeks.default([]),
});

export const DesignPlanUpdateRequest = z
  .object({
    name: Name.optional(),
    nameFr: PlanNameFr.optional(),
    description: Description.optional(),
    weeks: Weeks.optional().describe("When sent, replaces the whole program."),
    archived: Archived.optional().describe(
      "true: archive the plan. It is no longer listed (`listDesignPlans` without `archived=true`) nor scheduled with (422); sessions scheduled with it keep it. false: bring it back, refused with 409 while a book of its weeks is archived; sent with `weeks` of books in use, both change at once. `weeks` never name an archived book (422), whether the plan is archived or not.",
    ),
  })
  .refine((v) => changesSomething(v), "must change at least one field");

export const DesignPlanDetail = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nameFr: StoredNameFr.describe(
      "The default title of its sessions for a client whose language is French; null: `name`.",
    ),
    description: z.string(),
    clinicId: z.number().int(),
    archived: z.boolean().describe("Archived: no longer listed nor offered for scheduling."),
    weeks: z.array(
      z.object({
        week: z.number().int().describe("1 for the first week: assigned to the first session scheduled with the plan."),
        books: z.array(z.object({ id: z.number().int(), name: z.string() })),
      }),
    ),
  })
  .meta({ id: "DesignPlanDetail" });

export type BookDetailT = z.infer<typeof BookDetail>;
export type ModuleDetailT = z.infer<typeof ModuleDetail>;
export type DesignPlanDetailT = z.infer<typeof DesignPlanDetail>;
