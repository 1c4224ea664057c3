import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { autosaveAssignment } from "@/lib/assignments/autosave-assignment";
import { addHomework } from "@/lib/assignments/add-homework";
import { giveAssignmentFeedback } from "@/lib/assignments/give-assignment-feedback";
import { submitAssignment } from "@/lib/assignments/submit-assignment";
import { issueTokens } from "@/lib/auth/issue-tokens";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { sealSecret } from "@/lib/auth/secret-box";
import { randomToken, sha256 } from "@/lib/auth/token-hash";
import { startWebSession } from "@/lib/auth/web-session-record";
import { createClient } from "@/lib/clients/create-client";
import { eraseClient } from "@/lib/clients/erase-client";
import { updateClient } from "@/lib/clients/update-client";
import { db as appDb } from "@/lib/db/prisma";
import { createDocument } from "@/lib/documents/create-document";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";
import { inviteClient } from "@/lib/invitations/create-invitation";
import { enqueue } from "@/lib/jobs/enqueue";
import { sendPasswordResets } from "@/lib/jobs/handlers/send-password-resets";
import { listMessages } from "@/lib/messages/list-messages";
import { postMessage } from "@/lib/messages/post-message";
import { queueReminderMails } from "@/lib/reminders/queue-reminder-mails";
import { reviewAssignmentAlert } from "@/lib/results/review-assignment-alert";
import { ClientCreateRequest } from "@/lib/schemas/client";
import { DocumentUploadRequest } from "@/lib/schemas/documents";
import { AutosaveRequest, SubmitRequest } from "@/lib/schemas/homework";
import { AddHomeworkRequest, ScheduleSessionsRequest } from "@/lib/schemas/scheduling";
import { giveSessionFeedback } from "@/lib/sessions/give-session-feedback";
import { scheduleSessions } from "@/lib/sessions/schedule-sessions";
import { PNG_1x1 } from "../support/images";
import { scopeOf, uid, type World } from "../support/world";
import { db, makeWorld } from "./support/domain-world";

// The erasure checked from the database's side (lib/clients/erase-client.ts): a client whose
// record uses every feature that holds words about them, each word carrying the client's marker,
// is erased, and then every column that can hold text or bytes, of every table of every schema
// (the job queue's included), is searched for the marker. A review found by hand that the
// documents kept what they held; this finds such a miss by machine, including in tables added
// later. Another client of the same clinic, untouched, must still be found: the search can fail.
const DAY = 24 * 3600 * 1000;
const OFFSET = 0;
const ADDRESS = "192.0.2.44";
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const timeOf = (at: Date) => at.toISOString().slice(11, 16);
const base64 = (text: string) => Buffer.from(text).toString("base64");

/** A PNG whose bytes carry `text` after the image (the type is read from the first bytes). */
const pngWith = (text: string) => Buffer.concat([Buffer.from(PNG_1x1, "base64"), Buffer.from(text)]).toString("base64");

type Column = { schema: string; table: string; column: string; dataType: string; udt: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** SQL: whether the column holds the marker ($1), as its type is searched. */
function holds(c: Column): string {
  const col = quote(c.column);
  // Bytes compared as bytes: a marker in a file or an image is found where it lies.
  if (c.udt === "bytea") return `position(convert_to($1, 'UTF8') in ${col}) > 0`;
  if (c.udt === "_bytea")
    return `exists (select 1 from unnest(${col}) b where position(convert_to($1, 'UTF8') in b) > 0)`;
  // Text as it is; json, jsonb and arrays as their text (the marker has no character they escape).
  return `strpos(${col}::text, $1) > 0`;
}

const TEXT_TYPES = ["text", "character varying", "character", "json", "jsonb", "bytea"];
const TEXT_ARRAYS = ["_text", "_varchar", "_bpchar", "_json", "_jsonb", "_bytea"];

/** Every column of every table (not views: they show tables' rows) that can hold words or bytes. */
async function searchedColumns(): Promise<Column[]> {
  return db.$queryRaw<Column[]>`
    select c.table_schema as schema, c.table_name as "table", c.column_name as "column",
           c.data_type as "dataType", c.udt_name as udt
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema not in ('pg_catalog', 'information_schema') and t.table_type = 'BASE TABLE'
       and (c.data_type = any(${TEXT_TYPES}) or (c.data_type = 'ARRAY' and c.udt_name = any(${TEXT_ARRAYS})))
     order by 1, 2, 3`;
}

/** `schema.table.column (rows)` of each column where some row holds `marker`. */
async function whereFound(columns: readonly Column[], marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const c of columns) {
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
      `select count(*)::int as n from ${quote(c.schema)}.${quote(c.table)} where ${holds(c)}`,
      marker,
    );
    if (row && row.n > 0) found.push(`${c.schema}.${c.table}.${c.column} (${String(row.n)} rows)`);
  }
  return found;
}

/** A client of the world's clinic made as the staff make one: with a photo and a first session. */
async function clientOf(w: World, m: string, mobile: string, email: string) {
  const start = new Date(Date.now() - DAY);
  const input = ClientCreateRequest.parse({
    name: `${m}name`,
    email,
    mobile,
    externalClientId: `${m}external-id`,
    imageData: pngWith(`${m}photo`),
    imageExtension: "png",
    caregiverList: [w.carer.id],
    session: {
      caregiverId: w.carer.id,
      title: `${m}session-title`,
      description: `${m}session-description`,
      bookIdList: [w.book.id, w.book2.id],
      date: dayOf(start),
      time: timeOf(start),
      remindDays: 3,
    },
  });
  const { id } = await createClient(await w.scope("staff"), input, { offset: OFFSET });
  return id;
}

/**
 * The client's record through the operations people use: invited and signed up (username, reset
 * address), the email changed since by the staff, a second session and homework added with
 * reminders, answers saved (a draft) and submitted, a test's alert reviewed, feedback on an
 * assignment and on the session, messages both ways and read, documents both ways, tokens, a web
 * session, a password reset and an idempotency key, and emails to the client still in the queue.
 */
async function recordOf(w: World, m: string, mobile: string) {
  const firstEmail = `${m}first-email@test.test`;
  const clientId = await clientOf(w, m, mobile, firstEmail);
  const staff = await w.scope("staff");
  const carer = await w.scope("carer");

  // The invitation goes to the address the client has then; the sign-in keeps it as its reset
  // address when the staff later correct the client's email (docs/password-reset.md).
  const invited = await inviteClient(staff, clientId, { origin: "http://localhost", offset: OFFSET });
  const token = invited.url.split("/invite/")[1] ?? "";
  const username = `${m}username`;
  await acceptInvitation({ token, username, password: `pw-${m}` }, ADDRESS);
  await updateClient(staff, clientId, { email: `${m}email@test.test` }, OFFSET);
  const client = await scopeOf(db, username, "CLIENT");

  const first = await db.session.findFirstOrThrow({ where: { clientId }, select: { id: true } });
  const start = new Date(Date.now() - DAY);
  // The next week's session, after the first (sessions of one client and caregiver do not overlap).
  const next = new Date(start.getTime() + 8 * DAY);
  await scheduleSessions(
    carer,
    ScheduleSessionsRequest.parse({
      clientId,
      designPlanId: null,
      bookIdList: [w.book2.id],
      title: `${m}second-title`,
      description: `${m}second-description`,
      date: dayOf(next),
      time: timeOf(next),
      remindDays: 2,
    }),
    { offset: OFFSET },
  );
  const remind = new Date(Date.now() + 2 * DAY);
  await addHomework(
    carer,
    AddHomeworkRequest.parse({
      sessionId: first.id,
      bookIds: [w.book2.id],
      startDate: dayOf(start),
      startTime: timeOf(start),
      endDate: dayOf(new Date(Date.now() + 3 * DAY)),
      remindDates: [{ date: dayOf(remind), time: timeOf(remind) }],
    }),
    { offset: OFFSET },
  );

  // The first session's homework: the book's two exercises and its test, the second book's.
  const assignments = await db.assignment.findMany({
    where: { sessionId: first.id },
    select: { id: true, moduleId: true },
    orderBy: { id: "asc" },
  });
  const of = (moduleId: number | undefined) => {
    const a = assignments.find((x) => x.moduleId === moduleId);
    if (!a) throw new Error(`no assignment of module ${String(moduleId)}`);
    return a.id;
  };
  const [intro, practice, test] = w.book.modules;
  const saved = of(intro?.id);
  await autosaveAssignment(
    client,
    saved,
    AutosaveRequest.parse({
      answers: [
        { questionKey: "q1", value: `${m}saved-answer` },
        { questionKey: "q2", value: `${m}saved-word` },
      ],
      draft: true,
    }),
    OFFSET,
  );
  const submitted = of(practice?.id);
  await submitAssignment(
    client,
    submitted,
    SubmitRequest.parse({
      answers: [
        { questionKey: "q1", value: `${m}answer` },
        { questionKey: "q2", value: `${m}word` },
      ],
    }),
    OFFSET,
    OFFSET,
  );
  await giveAssignmentFeedback(carer, submitted, { text: `${m}assignment-feedback` }, OFFSET);
  // A test scored, its urgent alert raised by q2 and marked reviewed by the care team.
  const scored = of(test?.id);
  await submitAssignment(
    client,
    scored,
    SubmitRequest.parse({
      answers: [
        { questionKey: "q1", value: 4 },
        { questionKey: "q2", value: 9 },
      ],
    }),
    OFFSET,
    OFFSET,
  );
  await reviewAssignmentAlert(carer, scored, {}, OFFSET);
  await giveAssignmentFeedback(carer, scored, { text: `${m}test-feedback` }, OFFSET);
  await giveSessionFeedback(carer, first.id, `${m}session-feedback`, { offset: OFFSET, idempotencyKey: null });

  await postMessage(client, first.id, `${m}message-from-client`, {
    offset: OFFSET,
    idempotencyKey: `${m}message-key`,
  });
  await postMessage(carer, first.id, `${m}message-from-carer`, { offset: OFFSET, idempotencyKey: null });
  const page = { page: 0, size: 50, order: "oldest" as const };
  await listMessages(client, first.id, page, OFFSET);
  await listMessages(carer, first.id, page, OFFSET);
  const pdf = (who: string) => base64(`%PDF-1.4\n% ${m}${who}-document-bytes\n%%EOF\n`);
  await createDocument(
    client,
    first.id,
    DocumentUploadRequest.parse({ name: `${m}client-document.pdf`, data: pdf("client") }),
    { offset: OFFSET, idempotencyKey: null },
  );
  await createDocument(
    carer,
    first.id,
    DocumentUploadRequest.parse({ name: `${m}carer-document.pdf`, data: pdf("carer") }),
    { offset: OFFSET, idempotencyKey: null },
  );

  const account = await db.account.findUniqueOrThrow({ where: { clientId }, select: { id: true } });
  await appDb().$transaction((tx) => issueTokens(tx, { id: account.id, role: "CLIENT" }));
  await startWebSession(account.id);
  // "Forgot your password?" by the reset address: the job's own work, run here, writes the link's
  // row (the stack's worker sends its email, which is then out of the database's reach).
  await requestPasswordReset({ login: firstEmail }, ADDRESS);
  await sendPasswordResets({ login: firstEmail });

  // Emails to the client that are still in the queue when the erasure comes: the SMTP server
  // refused them and they wait for their next attempt, or no worker runs. The stack's worker takes
  // a job as soon as it is due, so these are queued due in an hour, in one transaction: the
  // reminders as the session's reminder queues them (to the client's email now), a password reset
  // request and its link as requestPasswordReset and sendPasswordResets queue them (by and to the
  // sign-in's reset address), and the invitation as it went (to the address the client had then).
  const later = new Date(Date.now() + 3600_000);
  await appDb().$transaction(async (tx) => {
    await queueReminderMails(tx, first.id);
    await tx.$executeRaw`update graphile_worker._private_jobs set run_at = ${later}
      where payload->>'to' like ${`${m}%`} and locked_at is null`;
    for (const login of [firstEmail, username]) {
      await enqueue(tx, "password-reset", { login }, { jobKey: `password-reset:${sha256(login)}`, runAt: later });
    }
    const sealedToken = sealSecret(randomToken(), process.env.SECRET_KEY ?? "");
    const to = firstEmail;
    await enqueue(
      tx,
      "send-email",
      { to, language: "EN", kind: "password-reset", params: { username }, sealedToken },
      { runAt: later },
    );
    await enqueue(
      tx,
      "send-email",
      { to, language: "EN", kind: "invitation", params: {}, sealedToken },
      { runAt: later },
    );
  });
  return clientId;
}

/** Waits until the worker holds no job that names `marker`: each has been sent. */
async function noJobHeld(marker: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [held] = await db.$queryRaw<{ n: number }[]>`
      select count(*)::int as n from graphile_worker._private_jobs
       where locked_at is not null and strpos(payload::text, ${marker}) > 0`;
    if (held?.n === 0) return;
    if (Date.now() > deadline) throw new Error("the worker still holds a job of the client");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A phone number no one else has: + and 13 digits. */
const uniqueMobile = () => `+9${Array.from({ length: 12 }, () => String(randomInt(10))).join("")}`;

describe("an erased client's record, searched for in the whole database", () => {
  it("leaves no word or byte of the client in any table, while another client's are still found", async () => {
    const w = await makeWorld();
    const marker = `zq-${uid()}-`;
    const mobile = uniqueMobile();
    const clientId = await recordOf(w, marker, mobile);
    // The other client of the clinic, never erased: found where the erased one must not be.
    const otherMarker = `zq-${uid()}-`;
    await clientOf(w, otherMarker, uniqueMobile(), `${otherMarker}email@test.test`);

    const columns = await searchedColumns();
    // The search reaches the queue's tables and the files' bytes, or it would prove little.
    const searched = columns.map((c) => `${c.schema}.${c.table}.${c.column}`);
    expect(searched).toEqual(
      expect.arrayContaining(["graphile_worker._private_jobs.payload", "public.Document.data", "public.Client.image"]),
    );
    // Before the erasure the search finds the record where the product put it, the queue included.
    expect(await whereFound(columns, marker)).toEqual(
      expect.arrayContaining([
        "public.Client.name (1 rows)",
        "public.Message.text (2 rows)",
        "public.Document.data (2 rows)",
        expect.stringMatching(/^graphile_worker\._private_jobs\.payload /),
      ]),
    );
    expect(await whereFound(columns, mobile)).toEqual(["public.Client.mobile (1 rows)"]);

    // A job the worker holds when the erasure comes is the worker's (it goes out, as one sent a
    // moment earlier would have): the emails the worker took are let finish first.
    await noJobHeld(marker);
    await eraseClient(db, w.clinic.id, clientId);

    const left = [...(await whereFound(columns, marker)), ...(await whereFound(columns, mobile))];
    expect(left, `still holding the erased client's marker:\n${left.join("\n")}`).toEqual([]);
    const other = await whereFound(columns, otherMarker);
    expect(other).toEqual(
      expect.arrayContaining([
        "public.Client.name (1 rows)",
        "public.Client.email (1 rows)",
        "public.Client.image (1 rows)",
        "public.Session.title (1 rows)",
      ]),
    );
  });
});
