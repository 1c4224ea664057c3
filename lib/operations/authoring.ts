import {
  BookCreateRequest,
  BookDetail,
  BookUpdateRequest,
  DesignPlanCreateRequest,
  DesignPlanDetail,
  DesignPlanUpdateRequest,
  ModuleCreateRequest,
  ModuleDetail,
  ModuleOrderRequest,
  ModuleUpdateRequest,
} from "@/lib/schemas/authoring";
import { PathId } from "@/lib/schemas/common";
import { frenchCounts } from "@/lib/schemas/french-coverage";
import { defineOperation } from "./define";
import { EX } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

// Authoring a clinic's program: books, modules (versioned definitions) and design plans (weeks of
// books). Clinic staff, or an institute for one of its clinics; care providers may read. The rules
// are in docs/api-decisions.md "Authoring". Operations of one path are declared in the alphabetical
// order of their names: the order of a module's exports, which the 405's `Allow` lists.

const STAFF = ["CLINIC", "INSTITUTE"] as const;
const CLINIC_PEOPLE = ["CLINIC", "INSTITUTE", "CAREGIVER"] as const;
const WRITE_ERRORS = [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found"] as const;
const KEY_REUSED = "The Idempotency-Key was used before with another body or operation";

const definition = {
  blocks: [
    { type: "text", body: { en: "Think of the last seven nights.", fr: "Pensez aux sept dernières nuits." } },
    {
      type: "scale",
      key: "rested",
      label: { en: "How rested did you wake up?", fr: "Étiez-vous reposé au réveil ?" },
      required: true,
      points: [
        { value: 0, label: { en: "Not at all", fr: "Pas du tout" } },
        { value: 1, label: { en: "Somewhat", fr: "Un peu" } },
        { value: 2, label: { en: "Very", fr: "Très" } },
      ],
    },
    { type: "longText", key: "notes", label: { en: "Anything else?" }, required: false, maxLength: 2000 },
  ],
  scoring: {
    items: ["rested"],
    reverse: [],
    multiplier: 1,
    range: { min: 0, max: 2 },
    subscales: [],
    bands: [
      { min: 0, max: 0, label: { en: "Poor", fr: "Mauvais" } },
      { min: 1, max: 2, label: { en: "Fair or good", fr: "Moyen ou bon" } },
    ],
    alerts: [],
  },
};

const moduleExample = {
  id: EX.moduleId,
  bookId: EX.bookId,
  clinicId: EX.clinicId,
  name: "Sleep check",
  nameFr: "Bilan du sommeil",
  position: 2,
  isTest: true,
  libraryKey: null,
  standard: false,
  version: 1,
  archived: false,
  definition,
};

const bookExample = {
  id: EX.bookId,
  name: "Sleep",
  nameFr: "Sommeil",
  description: "Two weeks on sleep: a diary and a weekly check.",
  clinicId: EX.clinicId,
  libraryKey: null,
  archived: false,
  modules: [
    {
      id: EX.moduleId - 1,
      name: "Sleep diary",
      position: 1,
      isTest: false,
      version: 3,
      archived: false,
      french: { texts: 12, missing: 3 },
    },
    {
      id: EX.moduleId,
      name: "Sleep check",
      position: 2,
      isTest: true,
      version: 1,
      archived: false,
      french: frenchCounts(definition),
    },
  ],
};

const planExample = {
  id: EX.designPlanId,
  name: "Four weeks of sleep work",
  nameFr: "Quatre semaines sur le sommeil",
  description: "Psychoeducation first, then the diary and the weekly check.",
  clinicId: EX.clinicId,
  archived: false,
  weeks: [
    { week: 1, books: [{ id: EX.bookId - 1, name: "Welcome" }] },
    { week: 2, books: [{ id: EX.bookId, name: "Sleep" }] },
    { week: 3, books: [] },
    { week: 4, books: [{ id: EX.bookId, name: "Sleep" }] },
  ],
};

export const createBook = defineOperation({
  operationId: "createBook",
  method: "POST",
  path: "/gateway/profile/clinic/book",
  tag: "Authoring",
  summary: "Create a book",
  description:
    "A new, empty book of the clinic (`clinicId` 0 or absent: the caller's; an INSTITUTE names one of its clinics). Add modules with `createModule`.",
  roles: STAFF,
  headers: ["idempotencyKey"],
  body: {
    schema: BookCreateRequest,
    example: { name: "Sleep", nameFr: "Sommeil", description: "Two weeks on sleep: a diary and a weekly check." },
  },
  ok: {
    status: 201,
    description: "The new book",
    headers: { location: "The book, /gateway/profile/clinic/book/<id>" },
    schema: BookDetail,
    example: { ...bookExample, modules: [] },
  },
  errors: [...WRITE_ERRORS, "conflict"],
  errorNotes: {
    not_found: "clinicId names a clinic outside the caller's scope",
    conflict: `${KEY_REUSED}; or a book in use in the clinic already has the name (at \`name\`)`,
  },
});

export const readBook = defineOperation({
  operationId: "readBook",
  method: "GET",
  path: "/gateway/profile/clinic/book/{id}",
  tag: "Authoring",
  summary: "Read a book with its modules",
  description: "The book, its description and its modules in order, each with its current version number.",
  roles: CLINIC_PEOPLE,
  params: PathId,
  ok: { status: 200, description: "The book", schema: BookDetail, example: bookExample },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const updateBook = defineOperation({
  operationId: "updateBook",
  method: "PATCH",
  path: "/gateway/profile/clinic/book/{id}",
  tag: "Authoring",
  summary: "Rename a book, change its description or archive it",
  description:
    "Only the fields sent change; at least one must be sent (an empty body is 400). Its modules, and every assignment of them, stay as they are. `archived: true` takes it out of what is offered (listed, given as homework, put in a plan); homework already given keeps it.",
  roles: STAFF,
  params: PathId,
  body: { schema: BookUpdateRequest, example: { name: "Better sleep" } },
  ok: { status: 200, description: "The book after the change", schema: BookDetail, example: bookExample },
  errors: [...WRITE_ERRORS, "conflict"],
  errorNotes: {
    conflict:
      "`archived: true` while a design plan in use has the book in a week (the plans are named); or another book in use in the clinic already has the name it would have (at `name`, or at `archived` when it is brought back); nothing changed",
  },
});

export const createModule = defineOperation({
  operationId: "createModule",
  method: "POST",
  path: "/gateway/profile/clinic/book/{id}/module",
  tag: "Authoring",
  summary: "Add a module to a book",
  description:
    "The module goes last in the book. Its `definition` (the `ModuleDefinition` schema: content blocks, questions, optional scoring) becomes version 1; a definition with `scoring` makes a test (`isTest`). A definition that does not hold answers 400 with the path of what is wrong (`definition.blocks.3.options`).",
  roles: STAFF,
  params: PathId,
  headers: ["idempotencyKey"],
  body: { schema: ModuleCreateRequest, example: { name: "Sleep check", nameFr: "Bilan du sommeil", definition } },
  ok: {
    status: 201,
    description: "The new module, version 1",
    headers: { location: "The module, /gateway/profile/clinic/module/<id>" },
    schema: ModuleDetail,
    example: moduleExample,
  },
  errors: [...WRITE_ERRORS, "conflict"],
  errorNotes: { not_found: "The book is not one of the caller's clinic(s)", conflict: KEY_REUSED },
});

export const reorderModules = defineOperation({
  operationId: "reorderModules",
  method: "PUT",
  path: "/gateway/profile/clinic/book/{id}/module-order",
  tag: "Authoring",
  summary: "Put a book's modules in a new order",
  description:
    "`moduleIds` lists every module of the book once, in the new order. Only positions change; assignments stay as they are.",
  roles: STAFF,
  params: PathId,
  body: { schema: ModuleOrderRequest, example: { moduleIds: [EX.moduleId, EX.moduleId - 1] } },
  ok: { status: 200, description: "The book in its new order", schema: BookDetail, example: bookExample },
  errors: [...WRITE_ERRORS, "unprocessable"],
  errorNotes: {
    bad_request: "Also: moduleIds does not list every module of the book",
    unprocessable: "moduleIds names a module of another book",
  },
});

export const readModule = defineOperation({
  operationId: "readModule",
  method: "GET",
  path: "/gateway/profile/clinic/module/{id}",
  tag: "Authoring",
  summary: "Read a module with its current definition",
  description: "The current (newest) version: what a new assignment of the module is given, and its number.",
  roles: CLINIC_PEOPLE,
  params: PathId,
  ok: { status: 200, description: "The module", schema: ModuleDetail, example: moduleExample },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const removeModule = defineOperation({
  operationId: "removeModule",
  method: "DELETE",
  path: "/gateway/profile/clinic/module/{id}",
  tag: "Authoring",
  summary: "Remove a module that was never assigned",
  description:
    "Removes the module and its versions from its book. A module that has been assigned stays (409): its assignments keep their questions and answers.",
  roles: STAFF,
  params: PathId,
  ok: { status: 200, description: "The book without the module", schema: BookDetail, example: bookExample },
  errors: [...AUTHED_ERRORS, "not_found", "conflict"],
  errorNotes: { conflict: "The module has been assigned" },
});

export const updateModule = defineOperation({
  operationId: "updateModule",
  method: "PATCH",
  path: "/gateway/profile/clinic/module/{id}",
  tag: "Authoring",
  summary: "Rename a module, change what it asks or archive it",
  description:
    "Only the fields sent change; at least one must be sent (an empty body is 400). A `definition` that differs from the current one adds the next version, which new assignments get; assignments already given keep theirs, answers and scores included. The same definition adds nothing. Two edits at once make two versions, one after the other. `archived: true` keeps its book from giving it; assignments already given keep it. A standard measure of the library (`standard`: PHQ-9, GAD-7, PCL-5, WHO-5) keeps its definition as published: it can be renamed, not changed.",
  roles: STAFF,
  params: PathId,
  body: { schema: ModuleUpdateRequest, example: { name: "Weekly sleep check", definition } },
  ok: {
    status: 200,
    description: "The module after the change, with its current version number",
    schema: ModuleDetail,
    example: { ...moduleExample, name: "Weekly sleep check", version: 2 },
  },
  errors: [...WRITE_ERRORS, "conflict"],
  errorNotes: {
    conflict:
      "A changed definition of a standard measure: its questions, answers and scoring stay as published, so that its scores mean what the instrument's do; or a definition edited from `baseVersion` when a later version differs from it (a colleague's save it would undo)",
  },
});

export const createDesignPlan = defineOperation({
  operationId: "createDesignPlan",
  method: "POST",
  path: "/gateway/profile/clinic/design-plan",
  tag: "Authoring",
  summary: "Create a design plan",
  description:
    "A program of weeks, each naming books of the clinic (`weeks[k-1].bookIds`: week k). Scheduling N sessions with the plan gives session k the modules of week k's books, besides any books the scheduling names for every session; sessions past the plan's last week get none from it. A week may be empty, except the last. Sessions scheduled with the plan and no title are titled by its name, or by `nameFr` for a client whose language is French.",
  roles: STAFF,
  headers: ["idempotencyKey"],
  body: {
    schema: DesignPlanCreateRequest,
    example: {
      name: planExample.name,
      nameFr: planExample.nameFr,
      description: planExample.description,
      weeks: [{ bookIds: [EX.bookId - 1] }, { bookIds: [EX.bookId] }, { bookIds: [] }, { bookIds: [EX.bookId] }],
    },
  },
  ok: {
    status: 201,
    description: "The new design plan",
    headers: { location: "The design plan, /gateway/profile/clinic/design-plan/<id>" },
    schema: DesignPlanDetail,
    example: planExample,
  },
  errors: [...WRITE_ERRORS, "conflict", "unprocessable"],
  errorNotes: {
    conflict: `${KEY_REUSED}; or a design plan in use in the clinic already has the name (at \`name\`)`,
    not_found: "clinicId names a clinic outside the caller's scope",
    unprocessable: "A book is not the clinic's, or is archived (the path names it: weeks.<i>.bookIds.<j>)",
  },
});

export const readDesignPlan = defineOperation({
  operationId: "readDesignPlan",
  method: "GET",
  path: "/gateway/profile/clinic/design-plan/{id}",
  tag: "Authoring",
  summary: "Read a design plan with its weeks",
  roles: CLINIC_PEOPLE,
  params: PathId,
  ok: { status: 200, description: "The design plan", schema: DesignPlanDetail, example: planExample },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const updateDesignPlan = defineOperation({
  operationId: "updateDesignPlan",
  method: "PATCH",
  path: "/gateway/profile/clinic/design-plan/{id}",
  tag: "Authoring",
  summary: "Change a design plan",
  description:
    "Only the fields sent change; at least one must be sent (an empty body is 400). `weeks`, when sent, replaces the whole program. `archived: true` takes it out of what is offered for scheduling. Sessions already scheduled keep their homework.",
  roles: STAFF,
  params: PathId,
  body: {
    schema: DesignPlanUpdateRequest,
    example: { weeks: [{ bookIds: [EX.bookId - 1] }, { bookIds: [EX.bookId] }] },
  },
  ok: { status: 200, description: "The design plan after the change", schema: DesignPlanDetail, example: planExample },
  errors: [...WRITE_ERRORS, "conflict", "unprocessable"],
  errorNotes: {
    conflict:
      "`archived: false` while a book of its weeks is archived (the books are named); or another design plan in use in the clinic already has the name it would have (at `name`, or at `archived` when it is brought back); nothing changed",
    unprocessable: "A book is not the clinic's, or is archived (the path names it: weeks.<i>.bookIds.<j>)",
  },
});
