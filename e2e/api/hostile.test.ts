import fc from "fast-check";
import { z } from "zod";
import { OPERATIONS, type OperationId } from "@/lib/operations";
import { afterAll, describe, expect, it } from "vitest";
import { pool } from "./support/hostile-db";
import { PNG_1x1, baseUrl, makeWorld, uid, type World } from "./support/world";

// Property-based hostile input against the running server: for every gateway operation, thousands
// of generated requests (random JSON, wrong types, huge and unicode strings, NUL characters in
// strings and keys, lone UTF-16 surrogates, deep nesting, ids past 32 bits and ids with malformed
// %-encoding, bad headers, cookies with broken %-encoding,
// tokens of the wrong role or clinic, ids of other clinics). Never a 500, never a stack
// trace or SQL in a body, and the clinic's data unchanged after every rejected request.
// A budget of generated requests shared by every operation (the suite's time on two cores is
// bounded), at least 160 per operation; HOSTILE_RUNS sets the count per operation instead.
const BUDGET = 9_000;
const RUNS = Number(process.env.HOSTILE_RUNS ?? Math.max(160, Math.ceil(BUDGET / OPERATIONS.length)));

type Op = {
  name: string;
  method: string;
  path: (id: string) => string;
  fields: string[];
  valid?: (w: World) => Record<string, unknown>;
  /** A query that passes validation, for an operation that reads one (`valid` is its body). */
  validQuery?: (w: World) => Record<string, string>;
  /** The token that may call the operation with `valid`: aimed requests use it. */
  role?: string;
  form?: boolean;
};

/**
 * The top-level fields of a body schema: an object's keys, or those of every option of a union.
 * Any other schema (a transform, a pipe) throws: the fuzzer would otherwise send it no field.
 */
function fieldsOf(schema: unknown, operationId: string): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodDiscriminatedUnion)
    return [...new Set(schema.options.flatMap((o) => fieldsOf(o, operationId)))];
  throw new Error(`${operationId}: the hostile test cannot read the fields of its body schema`);
}

/** A module definition that holds: a text, a scored single choice, scoring with a band and an alert. */
const FUZZ_DEFINITION = {
  blocks: [
    { type: "text", body: { en: "Fuzz", fr: "Flou" } },
    {
      type: "single",
      key: "q1",
      label: { en: "Pick" },
      options: [
        { value: "a", label: { en: "A" }, score: 0 },
        { value: "b", label: { en: "B" }, score: 1 },
      ],
    },
  ],
  scoring: {
    items: ["q1"],
    range: { min: 0, max: 1 },
    bands: [{ min: 0, max: 1, label: { en: "Any" } }],
    alerts: [{ question: "q1", above: 0, message: { en: "Picked B" } }],
  },
};

// Requests that pass validation, with the token that may send them: generated requests mutate them.
// Keyed by the registry's operationIds: a renamed operation fails to type-check here.
const AIMED: Partial<Record<OperationId, Pick<Op, "valid" | "validQuery" | "role">>> = {
  createClient: {
    valid: (w) => ({
      name: "Fuzz",
      email: `fz-${uid()}@x.test`,
      caregiverList: [w.caregiver.id],
      session: { caregiverId: w.caregiver.id, bookIdList: [w.book.id] },
    }),
    role: "staff",
  },
  updateClient: {
    valid: (w) => ({ name: "Fuzz", mobile: "+1 555 0100 22", careTeam: { add: [w.outsider.id] } }),
    role: "staff",
  },
  createCaregiver: {
    valid: (w) => ({ name: "Fuzz", email: `fz-${uid()}@x.test`, position: "Fuzzer", clientIds: [w.client.id] }),
    role: "staff",
  },
  updateCaregiver: { valid: () => ({ name: "Fuzz", position: "Fuzzer", mobile: "+1 555 0100" }), role: "staff" },
  // No body: the key is ignored; aimed requests bring the staff token to the world's ids.
  inviteCaregiver: { valid: () => ({ ignored: "x" }), role: "staff" },
  inviteClient: { valid: () => ({ ignored: "x" }), role: "staff" },
  acceptInvitation: {
    valid: () => ({ token: "x".repeat(43), username: `fz-${uid()}`, password: "a long enough password" }),
    role: "none",
  },
  autosaveAssignment: { valid: () => ({ answers: [{ questionKey: "q1", value: "x" }] }), role: "client" },
  submitAssignment: { valid: () => ({ answers: [{ questionKey: "q1", value: "x" }] }), role: "client" },
  giveAssignmentFeedback: { valid: () => ({ text: "ok" }), role: "carer" },
  giveSessionFeedback: { valid: () => ({ text: "ok" }), role: "carer" },
  createDocument: { valid: () => ({ name: "fuzz.png", data: PNG_1x1, contentType: "image/png" }), role: "carer" },
  listDocuments: { validQuery: () => ({ page: "0", size: "5" }), role: "client" },
  // No query: aimed requests bring the staff token to the world's sessions (the document id stays unknown).
  readDocument: { validQuery: () => ({}), role: "staff" },
  listOwnAssignments: {
    validQuery: () => ({ "time-state": "RUNNING", status: "PENDING,IN_PROGRESS", page: "0", size: "5" }),
    role: "client",
  },
  listOwnHomeworkTiming: {
    validQuery: () => ({ "time-state": "RUNNING", status: "PENDING,IN_PROGRESS", page: "0", size: "5" }),
    role: "client",
  },
  listOwnFinishedWork: { validQuery: () => ({ page: "0", size: "5" }), role: "client" },
  // Reads without a query: aimed requests bring the token that may read to the world's own ids.
  readAssignmentResult: { validQuery: () => ({}), role: "carer" },
  readClientMeasures: { validQuery: () => ({}), role: "staff" },
  // No body or query: aimed requests bring the client token to the world's assignment ids.
  readOwnAssignment: { validQuery: () => ({}), role: "client" },
  scheduleSessions: {
    valid: (w) => ({
      clientId: w.client.id,
      caregiverId: w.carer.id,
      bookIdList: [w.book.id],
      title: "Week",
      date: "2032/01/05",
      time: "09:00",
      remindDays: 2,
    }),
    role: "staff",
  },
  addHomework: {
    valid: (w) => ({
      sessionId: w.session.id,
      bookIds: [w.book2.id],
      endDate: "2032/01/01",
      remindDates: [{ date: "2031/12/31", time: "09:00" }],
    }),
    role: "carer",
  },
  postMessage: { valid: () => ({ text: "Fuzz" }), role: "carer" },
  listMessages: { validQuery: () => ({ order: "newest", page: "0", size: "5" }), role: "client" },
  listConversations: { validQuery: () => ({ unread: "true", page: "0" }), role: "carer" },
  createBook: { valid: () => ({ name: "Fuzz book", description: "Fuzzed" }), role: "staff" },
  updateBook: { valid: () => ({ name: "Fuzz book", description: "Fuzzed" }), role: "staff" },
  createModule: { valid: () => ({ name: "Fuzz module", definition: FUZZ_DEFINITION }), role: "staff" },
  updateModule: { valid: () => ({ name: "Fuzz module", definition: FUZZ_DEFINITION }), role: "staff" },
  reorderModules: { valid: (w) => ({ moduleIds: w.book.modules.map((m) => m.id) }), role: "staff" },
  // No body: the key is ignored; aimed requests bring the staff token to the world's modules.
  removeModule: { valid: () => ({ ignored: "x" }), role: "staff" },
  createDesignPlan: {
    valid: (w) => ({
      name: "Fuzz plan",
      weeks: [{ bookIds: [w.book.id] }, { bookIds: [] }, { bookIds: [w.book2.id] }],
    }),
    role: "staff",
  },
  updateDesignPlan: { valid: (w) => ({ name: "Fuzz plan", weeks: [{ bookIds: [w.book2.id] }] }), role: "staff" },
  // The caller's own settings: aimed requests bring the client's or the carer's token.
  readEmailSettings: { validQuery: () => ({}), role: "client" },
  updateEmailSettings: { valid: () => ({ remindersOn: false, messageNoticesOn: true }), role: "carer" },
  exchangeSsoCode: {
    valid: (w) => ({
      apiKey: w.institute.apiKey,
      clientId: "x",
      clinicEmail: `clinic-${w.u}@test.test`,
      code: "c",
      userType: "CLIENT",
      redirect_uri: "",
    }),
    role: "none",
  },
};

// Every operation the registry declares (lib/operations).
const OPS: Op[] = OPERATIONS.map((op) => ({
  name: `${op.method} ${op.operationId}`,
  method: op.method,
  path: (id) => op.path.replace("{id}", id),
  fields: op.body ? fieldsOf(op.body.schema, op.operationId) : [],
  form: op.body?.contentTypes?.[0] === "application/x-www-form-urlencoded",
  ...AIMED[op.operationId],
}));

const unicode = fc.string({ unit: "grapheme", maxLength: 60 });
const huge = fc.integer({ min: 1_000, max: 300_000 }).map((n) => "é😀x".repeat(Math.ceil(n / 3)));
// A NUL character (U+0000) somewhere in a string: PostgreSQL text cannot hold it.
const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);
// A lone UTF-16 surrogate somewhere in a string: JSON can carry it, Unicode text cannot.
const withLoneSurrogate = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff"),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, s, b]) => `${a}${s}${b}`);
// A string or key no operation can store.
const unstorable = fc.oneof(withNul, withLoneSurrogate);
// Ids past the 32-bit bound of the database's ids, as numbers and as strings.
const bigId = fc.oneof(fc.constantFrom(2 ** 31, 9_999_999_999, 2 ** 53), fc.integer({ min: 2 ** 31, max: 2 ** 40 }));
const scalar = fc.oneof(
  fc.string(),
  unicode,
  withNul,
  withLoneSurrogate,
  bigId,
  fc.integer(),
  fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(""),
  fc.constant(-1),
  fc.constant(0),
);
// Nesting past the bound of 32 levels, of arrays or of objects, with a NUL at the bottom sometimes.
const nested = fc
  .tuple(fc.integer({ min: 30, max: 3_000 }), fc.boolean(), fc.oneof(scalar, unstorable))
  .map(([depth, objects, leaf]) => {
    let v: unknown = leaf;
    for (let i = 0; i < depth; i++) v = objects ? { k: v } : [v];
    return v;
  });
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: huge },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: fc.dictionary(unstorable, scalar, { minKeys: 1, maxKeys: 2 }) },
  // An answer list whose values or keys carry what no operation can store.
  {
    weight: 1,
    arbitrary: fc.array(
      fc.record({
        questionKey: fc.oneof(fc.string({ maxLength: 10 }), unstorable),
        value: fc.oneof(nested, unstorable, fc.dictionary(unstorable, scalar, { minKeys: 1, maxKeys: 2 })),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  },
);
const deep = fc.integer({ min: 50, max: 20_000 }).map((d) => "[".repeat(d) + "]".repeat(d));
// Cookies whose %-encoding is broken, beside a session cookie name or alone.
const cookie = fc.option(
  fc.oneof(
    fc.constantFrom(
      "a=%",
      "a=%E0%A4%A",
      "next-auth.session-token=%zz",
      "x=%%; y=1",
      "%=%",
      "next-auth.session-token=garbage",
      "__Secure-next-auth.session-token=%",
    ),
    fc
      .tuple(
        fc.string({ maxLength: 8 }).filter((k) => /^[\x21-\x3a\x3c\x3e-\x7e]+$/.test(k)),
        fc.constantFrom("%", "%G1", "%E0%A4%A", "%%"),
      )
      .map(([k, v]) => `${k}=${v}`),
  ),
  { nil: undefined },
);
// Path ids whose %-encoding decodes to no UTF-8 text (bad bytes, overlong forms, encoded surrogates, cut short).
const malformedId = fc.oneof(
  fc.constantFrom("%FF", "%C0", "%C0%AF", "%E0%A4%A", "%ED%A0%80", "%", "%%", "%G1", "1%FF", "%F4%90%80%80"),
  fc
    .tuple(
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
      fc.constantFrom("%FF", "%C0", "%E0%A4", "%", "%ED%BF%BF"),
    )
    .map(([a, b]) => a + b),
);
const malformed = fc.constantFrom(
  "{",
  '{"name":',
  "nul",
  "[1,2",
  '{"a":1}}',
  "\u0000",
  "{'single':1}",
  '"just a string"',
  "1e999999",
);

/** The body with one of its strings (the `at`-th, cyclically) made unstorable by `bad` appended. */
function poison<T extends Record<string, unknown>>(body: T, at: number, bad: string): T {
  let strings = 0;
  JSON.stringify(body, (_k, v) => ((strings += typeof v === "string" ? 1 : 0), v));
  let left = at % Math.max(strings, 1);
  return JSON.parse(JSON.stringify(body), (_k, v) => (typeof v === "string" && left-- === 0 ? v + bad : v));
}

function request(op: Op, w: World, other: World) {
  const ids = fc.oneof(
    fc.constantFrom(
      String(w.session.id),
      String(w.client.id),
      String(other.session.id),
      String(other.client.id),
      ...w.session.assignmentIds.map(String),
      ...other.session.assignmentIds.map(String),
    ),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
    bigId.map(String),
    fc.string({ maxLength: 20 }).map(encodeURIComponent),
    withNul.map(encodeURIComponent),
    malformedId,
  );
  const fields = op.fields.length
    ? fc.record(Object.fromEntries(op.fields.map((f) => [f, value])), { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 4 });
  const mutated = op.valid
    ? fc.oneof(
        fc.tuple(fc.constantFrom(...Object.keys(op.valid(w))), value).map(([k, v]) => ({ ...op.valid!(w), [k]: v })),
        // A valid body with one more key that carries a NUL or a lone surrogate.
        fc.tuple(unstorable, value).map(([k, v]) => ({ ...op.valid!(w), [k]: v })),
      )
    : fields;
  const body = fc.oneof(
    { weight: 3, arbitrary: fields.map((b) => JSON.stringify(b)) },
    { weight: 3, arbitrary: mutated.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.jsonValue().map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: fc.constant(undefined) },
    ...(op.valid ? [{ weight: 1, arbitrary: fc.constant(0).map(() => JSON.stringify(op.valid!(w))) }] : []),
    ...(op.form
      ? [
          {
            weight: 3,
            arbitrary: fc
              .oneof(
                fields,
                fc.tuple(fields, withNul, scalar).map(([b, k, v]) => ({ ...b, [k]: v })),
              )
              .map((b) =>
                new URLSearchParams(
                  Object.entries(b).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
                ).toString(),
              ),
          },
        ]
      : []),
  );
  const token = fc.constantFrom(
    "none",
    "garbage",
    "staff",
    "carer",
    "outsider",
    "client",
    "inst",
    "other-staff",
    "other-carer",
    "other-client",
  );
  const header = (values: string[]) =>
    fc.option(
      fc.oneof(
        fc.constantFrom(...values),
        fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
      ),
      { nil: undefined },
    );
  const general = fc.record({
    id: ids,
    body,
    token,
    query: fc.option(
      fc.dictionary(
        fc.oneof(
          fc.constantFrom("page", "size", "search", "clinicId", "runningStatus", "clientId", "time-state", "x"),
          withNul,
        ),
        fc.oneof(
          fc.string({ maxLength: 30 }),
          withNul,
          bigId.map(String),
          fc.constantFrom("RUNNING", "FUTURE", "COMPLETED"),
        ),
        { maxKeys: 3 },
      ),
      { nil: undefined },
    ),
    cookie,
    contentType: header([
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/json; charset=utf-16",
      "multipart/form-data",
    ]),
    offset: header(["1", "-5", "5.5", "+05:30", "99", "abc", "+14:30"]),
    idempotencyKey: header(["k1", "x".repeat(300), "é"]),
  });
  if ((!op.valid && !op.validQuery) || !op.role) return general;
  // Aimed past the role and scope checks (the operation's role, the world's own ids, a valid body
  // or query with one string made unstorable, or a valid query as it is), so that what no
  // operation can store reaches the one check of it, where randomly generated requests are mostly
  // refused earlier.
  const { valid, validQuery, role } = op;
  const aimed = fc.record({
    id: fc.constantFrom(
      String(w.session.id),
      String(w.client.id),
      ...w.session.assignmentIds.map(String),
      // The world's books, modules and design plan, for the authoring operations.
      ...[w.book, w.book2].flatMap((b) => [b.id, ...b.modules.map((m) => m.id)]).map(String),
      String(w.plan.id),
    ),
    body: valid
      ? fc.tuple(fc.nat(), unstorable).map(([at, bad]) => JSON.stringify(poison(valid(w), at, bad)))
      : fc.constant(undefined),
    token: fc.constant(role),
    query: validQuery
      ? fc.oneof(
          fc.constant(validQuery(w)),
          fc.tuple(fc.nat(), unstorable).map(([at, bad]) => poison(validQuery(w), at, bad)),
        )
      : fc.constant(undefined),
    cookie: fc.constant(undefined),
    contentType: fc.constant("application/json"),
    offset: fc.constant(undefined),
    idempotencyKey: fc.constant(undefined),
  });
  return fc.oneof({ weight: 4, arbitrary: general }, { weight: 1, arbitrary: aimed });
}

// The clinic's rows as one row of counts and digests, taken after every rejected request. The
// clinic's sessions, assignments, books and modules are read once (the CTEs) rather than joined
// again for each column, and the statement is prepared once per connection (named): planning its
// thirty subqueries cost more than running them.
const FINGERPRINT_SQL = `
with s as materialized (select id, "closedAt" from "Session" where "clinicId" = $1),
     a as materialized (select id, status, "feedbackStatus", "startAt", "dueAt" from "Assignment" where "sessionId" in (select id from s)),
     b as materialized (select id, name, description from "Book" where "clinicId" = $1),
     m as materialized (select id, name, position, "isTest" from "Module" where "bookId" in (select id from b)),
     p as materialized (select id, name, description from "DesignPlan" where "clinicId" = $1),
     inst as materialized (select "instituteId" from "Clinic" where id = $1)
select (select count(*) from "Client" where "clinicId" = $1) clients,
       (select count(*) from "CareTeamMember" t join "Client" c on c.id = t."clientId" where c."clinicId" = $1) team,
       (select count(*) from s) sessions,
       (select count(*) from s where "closedAt" is not null) closed,
       (select count(*) || ':' || coalesce(string_agg(status::text || "feedbackStatus"::text, ',' order by id), '') from a) assignments,
       (select count(*) from "Feedback" where "sessionId" in (select id from s)) feedback,
       (select count(*) from "AutoSaveAnswer" where "assignmentId" in (select id from a)) autosaves,
       (select count(*) from "Answer" where "assignmentId" in (select id from a)) answers,
       (select count(*) from "AssignmentReminder" where "assignmentId" in (select id from a)) reminders,
       (select md5(coalesce(string_agg(concat_ws('|', c.name, c.email, c.mobile, c.language, c.status, c."externalClientId", c."careEpisodeStartedAt"), ',' order by c.id), '')) from "Client" c where c."clinicId" = $1) client_rows,
       (select md5(coalesce(string_agg(concat_ws('|', g.id, g.name, g.mobile, g.position, g.language, g."activationStatus", cm."clinicId"), ',' order by g.id, cm."clinicId"), '')) from "Caregiver" g join "CaregiverClinic" cm on cm."caregiverId" = g.id where g."instituteId" = (select "instituteId" from inst)) caregivers,
       (select count(*) from "Invitation" where "clinicId" = $1) invitations,
       (select count(*) from "Document" where "sessionId" in (select id from s)) documents,
       (select coalesce(string_agg(concat_ws('|', "startAt", "dueAt"), ',' order by id), '') from a) timing,
       (select count(*) from "Account" where "heldByStatus" and id = any($2)) held,
       (select count(*) from "AccessToken" where "accountId" = any($2)) tokens,
       (select count(*) from "IdempotencyKey" where "accountId" = any($2)) keys,
       (select md5(coalesce(string_agg(concat_ws('|', id, name, description), ',' order by id), '')) from b) books,
       (select md5(coalesce(string_agg(concat_ws('|', id, name, position, "isTest"), ',' order by id), '')) from m) modules,
       (select count(*) from "ModuleVersion" where "moduleId" in (select id from m)) versions,
       (select md5(coalesce(string_agg(concat_ws('|', id, name, description), ',' order by id), '')) from p) plans,
       (select md5(coalesce(string_agg(concat_ws('|', "designPlanId", week, "bookId", position), ',' order by id), '')) from "DesignPlanWeek" where "designPlanId" in (select id from p)) weeks,
       (select count(*) from "Message" where "sessionId" in (select id from s)) messages,
       (select count(*) || ':' || coalesce(sum("lastReadMessageId"), 0) || ':' || coalesce(sum("noticedMessageId"), 0) from "MessageRead" where "sessionId" in (select id from s)) read_marks,
       (select md5(coalesce(string_agg(concat_ws('|', c.id, c."remindersOn", c."messageNoticesOn"), ',' order by c.id), '')) from "Client" c where c."clinicId" = $1) client_emails,
       (select md5(coalesce(string_agg(concat_ws('|', g.id, g."remindersOn", g."digestOn", g."messageNoticesOn"), ',' order by g.id), '')) from "Caregiver" g where g."instituteId" = (select "instituteId" from inst)) caregiver_emails`;

const fingerprint = async (clinicId: number, accountIds: number[]) =>
  (await pool.query({ name: "hostile-fingerprint", text: FINGERPRINT_SQL, values: [clinicId, accountIds] })).rows[0];

const LEAK =
  /\n\s+at |node_modules|\.tsx?:\d|prisma|select\s.+\sfrom|insert into|postgres|SQLSTATE|TypeError|ReferenceError/i;
const figures: { op: string; runs: number; statuses: Record<number, number> }[] = [];

afterAll(async () => {
  console.log(`\nHostile input: ${RUNS} generated requests per operation`);
  console.log("| operation | requests | statuses seen |\n|---|---:|---|");
  for (const f of figures.sort((a, b) => a.op.localeCompare(b.op))) {
    console.log(
      `| ${f.op} | ${f.runs} | ${Object.entries(f.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")} |`,
    );
  }
  await pool.end();
});

describe.concurrent("hostile input on every gateway operation", () => {
  for (const op of OPS) {
    it(`${op.name}: no 500, no internals, nothing changed by a rejected request`, { timeout: 600_000 }, async () => {
      const w = await makeWorld();
      const other = await makeWorld();
      const tokens: Record<string, string> = {
        none: "",
        garbage: "bearer garbage.garbage",
        staff: `bearer ${await w.token("staff")}`,
        carer: `bearer ${await w.token("carer")}`,
        outsider: `bearer ${await w.token("outsider")}`,
        client: `bearer ${await w.token("client")}`,
        inst: `bearer ${await w.token("inst")}`,
        "other-staff": `bearer ${await other.token("staff")}`,
        "other-carer": `bearer ${await other.token("carer")}`,
        "other-client": `bearer ${await other.token("client")}`,
      };
      const accounts = (await pool.query(`select id from "Account" where username like $1`, [`%-${w.u}`])).rows.map(
        (r) => r.id,
      );
      // A message an accepted request posted is followed, seconds later, by the worker's notice,
      // which marks MessageRead whatever request comes next: this clinic's people take no notices,
      // so that only requests change what the fingerprint reads.
      await pool.query(`update "Client" set "messageNoticesOn" = false where "clinicId" = $1`, [w.clinic.id]);
      await pool.query(`update "Caregiver" set "messageNoticesOn" = false where "instituteId" = $1`, [w.institute.id]);
      let before = await fingerprint(w.clinic.id, accounts);
      const statuses: Record<number, number> = {};
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(request(op, w, other), async (r) => {
          runs++;
          const headers: Record<string, string> = {};
          if (tokens[r.token]) headers.authorization = tokens[r.token]!;
          if (r.contentType !== undefined) headers["content-type"] = r.contentType;
          else if (r.body !== undefined)
            headers["content-type"] = op.form ? "application/x-www-form-urlencoded" : "application/json";
          if (r.offset !== undefined) headers.offset = r.offset;
          if (r.idempotencyKey !== undefined) headers["idempotency-key"] = r.idempotencyKey;
          if (r.cookie !== undefined) headers.cookie = r.cookie;
          const q = r.query ? `?${new URLSearchParams(r.query)}` : "";
          const res = await fetch(baseUrl + op.path(r.id) + q, {
            method: op.method,
            headers,
            body: op.method === "GET" ? undefined : r.body,
          });
          const text = await res.text();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          expect(res.status, text.slice(0, 300)).not.toBe(500);
          expect(res.status).toBeLessThan(600);
          if (res.status >= 400) {
            expect(text).not.toMatch(LEAK);
            if (res.status !== 404 || text) expect(res.headers.get("content-type") ?? "").toMatch(/json/);
            const after = await fingerprint(w.clinic.id, accounts);
            expect(after, `${op.name} ${res.status} changed data`).toEqual(before);
          } else {
            before = await fingerprint(w.clinic.id, accounts);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      figures.push({ op: op.name, runs, statuses });
      expect(runs).toBeGreaterThanOrEqual(RUNS);
    });
  }
});

export { PNG_1x1 };
