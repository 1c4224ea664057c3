// OPTT's public reference shows Swagger's placeholder bodies (`0` for ids, "string" for text), and
// existing integrations copied them (decisions.md "OPTT's documented requests"). These tests send
// them as published; where a placeholder is not a valid value of a field the contract validates,
// the line that changes it says why.
import { describe, expect, it } from "vitest";
import { expectProblem } from "./support/expect-problem";
import { api, clinicRowCounts, db, locationId, makeWorld, PNG_1x1, uid, type World } from "./support/world";

const CREATE = "/gateway/profile/clinic/client";
const TOKEN = "/gateway/uaa/oauth/token";
const SCHEDULE = "/gateway/profile/caregiver/session";

/** The session request object exactly as OPTT's reference publishes it (Swagger's placeholders). */
const PUBLISHED_SESSION = {
  bookIdList: [0],
  caregiverId: 0,
  clientId: 0,
  clinicId: 0,
  date: "string",
  description: "string",
  designPlanId: 0,
  id: 0,
  remindDays: 0,
  sessionCount: 0,
  time: "string",
  title: "string",
};

/** OPTT's published client-creation sample, with the fewest changes that make it valid. */
const publishedSample = (w: World, email = `sample-${uid()}@x.test`) => ({
  caregiverList: [w.caregiver.id], // published [0]: must name a care provider of the clinic
  clientId: "string",
  clinicId: 0,
  email, // published "string": must be an email address (and unique in the clinic)
  externalClientId: "string",
  fromCpm: true,
  id: 0,
  imageData: PNG_1x1, // published "string": must be the base64 of an image
  imageExtension: "png", // published "string": must be png, jpg, jpeg, gif or webp
  language: "EN",
  mobile: "+1 514 555 0142", // published "string": must be a phone number
  name: "string",
  session: {
    bookIdList: [w.book.id], // published [0]: must name books of the clinic
    caregiverId: w.caregiver.id, // published 0: the session's owner must be a care provider of the clinic
    clientId: 0,
    clinicId: 0,
    date: "2030/03/04", // published "string": must be a date
    description: "string",
    designPlanId: 0,
    id: 0,
    remindDays: 0,
    sessionCount: 1, // published 0: at least one session
    time: "09:30", // published "string": must be HH:mm
    title: "string",
  },
  status: "ACTIVE",
});

describe("OPTT's published client-creation sample", () => {
  it("is created with its zeros read as the contract says: ignored ids, the caller's clinic, no design plan", async () => {
    const w = await makeWorld();
    const r = await api(CREATE, {
      token: await w.token("staff"),
      headers: { offset: "-05:00" },
      body: publishedSample(w),
    });
    expect(r.status, r.text).toBe(201);
    expect(r.text).toBe("");
    const id = locationId(r);
    expect(id).toBeGreaterThan(0);
    const client = await db.client.findUniqueOrThrow({
      where: { id },
      include: { careTeam: true, sessions: { include: { assignments: { orderBy: { id: "asc" } } } } },
    });
    expect(client).toMatchObject({
      clinicId: w.clinic.id,
      name: "string",
      externalClientId: "string",
      fromCpm: true,
      language: "EN",
      status: "ACTIVE",
      imageType: "image/png",
    });
    expect(client.careTeam.map((t) => t.caregiverId)).toEqual([w.caregiver.id]);
    expect(client.sessions).toHaveLength(1);
    const [session] = client.sessions;
    expect(session).toMatchObject({
      clinicId: w.clinic.id,
      clientId: id,
      caregiverId: w.caregiver.id,
      designPlanId: null,
      title: "string",
      description: "string",
      remindDays: 0,
    });
    expect(session?.startAt.toISOString()).toBe("2030-03-04T14:30:00.000Z");
    expect(session?.assignments).toHaveLength(w.book.modules.length);
  });

  it("works for an institute naming one of its clinics; clinicId 0 from an institute is a 400 and stores nothing", async () => {
    const w = await makeWorld();
    const token = await w.token("inst");
    const before = await clinicRowCounts(w.clinic.id);
    const zero = await api(CREATE, { token, body: publishedSample(w) });
    expect(zero.status, zero.text).toBe(400);
    expect(zero.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(zero.json).toMatchObject({
      status: 400,
      errors: [{ path: "clinicId", message: "clinicId is required for an institute" }],
    });
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
    const named = await api(CREATE, { token, body: { ...publishedSample(w), clinicId: w.clinic.id } });
    expect(named.status, named.text).toBe(201);
    expect((await db.client.findUniqueOrThrow({ where: { id: locationId(named) } })).clinicId).toBe(w.clinic.id);
  });

  it("accepts any integer in the ignored ids and stores none of them; a value of another type is still a 400", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const other = await makeWorld();
    const ignored = [-7, 2 ** 31, other.client.id, other.clinic.id];
    for (const n of ignored) {
      const body = { name: "Ignored ids", email: `ig-${uid()}@x.test`, id: n, clientId: String(n) };
      const session = { caregiverId: w.caregiver.id, id: n, clientId: n, clinicId: n };
      const r = await api(CREATE, { token, body: { ...body, session } });
      expect(r.status, `${n} ${r.text}`).toBe(201);
      const id = locationId(r);
      expect(id).not.toBe(n);
      const s = await db.session.findFirstOrThrow({ where: { clientId: id } });
      expect(s).toMatchObject({ clinicId: w.clinic.id, clientId: id });
    }
    expect(await db.client.count({ where: { clinicId: other.clinic.id } })).toBe(1);
    const before = await clinicRowCounts(w.clinic.id);
    for (const [path, body] of [
      ["id", { id: "0" }],
      ["session.id", { session: { caregiverId: w.caregiver.id, id: 1.5 } }],
      ["session.designPlanId", { session: { caregiverId: w.caregiver.id, designPlanId: -1 } }],
      ["clinicId", { clinicId: -1 }],
    ] as const) {
      const r = await api(CREATE, { token, body: { name: "Bad", email: `bad-${uid()}@x.test`, ...body } });
      expect(r.status, `${path} ${r.text}`).toBe(400);
      expect(r.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
  });

  it("reads designPlanId 0 as none and a real one as that plan; an unknown one is still a 422", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const create = (designPlanId: number) =>
      api(CREATE, {
        token,
        body: { name: "Plan", email: `p-${uid()}@x.test`, session: { caregiverId: w.caregiver.id, designPlanId } },
      });
    const none = await create(0);
    expect(none.status, none.text).toBe(201);
    expect(await db.session.findFirstOrThrow({ where: { clientId: locationId(none) } })).toMatchObject({
      designPlanId: null,
      title: "Session",
    });
    const plan = await create(w.plan.id);
    expect(plan.status, plan.text).toBe(201);
    expect(await db.session.findFirstOrThrow({ where: { clientId: locationId(plan) } })).toMatchObject({
      designPlanId: w.plan.id,
      title: w.plan.name,
    });
    const before = await clinicRowCounts(w.clinic.id);
    const unknown = await create(2_000_000_000);
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.json.errors).toEqual([
      { path: "session.designPlanId", message: "design plan 2000000000 does not exist in the clinic" },
    ]);
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
  });
  it("answers the sample's unchanged placeholders with 400 problem+json naming each field, and stores nothing", async () => {
    const w = await makeWorld();
    const before = await clinicRowCounts(w.clinic.id);
    const published = {
      caregiverList: [0],
      clientId: "string",
      clinicId: 0,
      email: "string",
      externalClientId: "string",
      fromCpm: true,
      id: 0,
      imageData: "string",
      imageExtension: "string",
      language: "EN",
      mobile: "string",
      name: "string",
      session: PUBLISHED_SESSION,
      status: "ACTIVE",
    };
    const r = await api(CREATE, { token: await w.token("staff"), body: published });
    expectProblem(r, 400);
    // One error per field, each saying what the field needs; the ignored ids and the zeros that mean
    // "the caller's clinic" and "no design plan" are not among them. The image's bytes are checked
    // against its extension, so "string" as the extension is the one named.
    const paths = r.json.errors.map((e: { path: string }) => e.path).sort();
    expect(paths).toEqual([
      "caregiverList.0",
      "email",
      "imageExtension",
      "mobile",
      "session.bookIdList.0",
      "session.caregiverId",
      "session.date",
      "session.sessionCount",
      "session.time",
    ]);
    expect(r.json.errors.find((e: { path: string }) => e.path === "session.date").message).toBe(
      "must be YYYY/MM/DD or YYYY-MM-DD",
    );
    // With a real extension, the image is named in the same answer as the other fields still wrong.
    const withExtension = await api(CREATE, {
      token: await w.token("staff"),
      body: { ...published, imageExtension: "png" },
    });
    expectProblem(withExtension, 400);
    expect(withExtension.json.errors).toContainEqual({ path: "imageData", message: "is not valid base64" });
    expect(withExtension.json.errors).toContainEqual({ path: "email", message: "must be an email address" });
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
  });
});

describe("OPTT's published scheduling sample", () => {
  /** The session request object as Swagger publishes it, plus `clientId`, with the fewest changes that make it valid. */
  const scheduleSample = (w: World) => ({
    bookIdList: [w.book.id], // published [0]: must name books of the clinic
    caregiverId: w.carer.id, // published 0: must name a care provider on the client's care team
    clientId: w.client.id, // published 0: must name the client to schedule for
    clinicId: 0,
    date: "2031/03/03", // published "string": must be a date
    description: "string",
    designPlanId: 0,
    id: 0,
    remindDays: 0,
    sessionCount: 1, // published 0: at least one session
    time: "09:30", // published "string": must be HH:mm
    title: "string",
  });

  it("schedules as the contract says: 201, the first session's location, the list in offset; no design plan, a reminder at the start", async () => {
    const w = await makeWorld();
    const r = await api(SCHEDULE, {
      token: await w.token("carer"),
      headers: { offset: "+02:00" },
      body: scheduleSample(w),
    });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("content-type")).toBe("application/json;charset=UTF-8");
    expect(r.json).toEqual([
      { id: expect.any(Number), title: "string", startDate: "2031/03/03 09:30", runningStatus: "FUTURE" },
    ]);
    expect(r.headers.get("location")).toBe(`/session/${r.json[0].id}`);
    const session = await db.session.findUniqueOrThrow({
      where: { id: r.json[0].id },
      include: { assignments: { orderBy: { id: "asc" } } },
    });
    expect(session).toMatchObject({
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      designPlanId: null,
      title: "string",
      description: "string",
      remindDays: 0,
    });
    expect(session.id).not.toBe(0);
    expect(session.startAt.toISOString()).toBe("2031-03-03T07:30:00.000Z");
    expect(session.assignments.map((a) => a.moduleId)).toEqual(w.book.modules.map((m) => m.id));
    // remindDays 0 is a reminder at the session's start (docs/reminders.md), not "no reminder".
    const jobs = await db.$queryRaw<{ run_at: Date }[]>`
      select run_at from graphile_worker._private_jobs where key = ${`session-reminder:${session.id}`}`;
    expect(jobs.map((j) => j.run_at.toISOString())).toEqual([session.startAt.toISOString()]);
    // The session reads back where an integrator looks next, in their offset.
    const read = await api(`${SCHEDULE}/${session.id}`, {
      token: await w.token("carer"),
      headers: { offset: "+02:00" },
    });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ id: session.id, title: "string", startDate: "2031/03/03 09:30" });
  });

  it("answers the sample's unchanged placeholders with 400 problem+json naming each field, and stores nothing", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const before = await clinicRowCounts(w.clinic.id);
    // The scheduling body is the session request object itself, as published (its clientId included).
    const r = await api(SCHEDULE, { token, body: PUBLISHED_SESSION });
    expectProblem(r, 400);
    // One error per field, each saying what the field needs.
    const errors = [...r.json.errors].sort((a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path));
    expect(errors.map((e: { path: string }) => e.path)).toEqual([
      "bookIdList.0",
      "caregiverId",
      "clientId",
      "date",
      "sessionCount",
      "time",
    ]);
    expect(errors.find((e: { path: string }) => e.path === "date").message).toBe("must be YYYY/MM/DD or YYYY-MM-DD");
    expect(errors.find((e: { path: string }) => e.path === "time").message).toBe("must be HH:mm");
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
  });
});

describe("the token operation and an Authorization: Basic header", () => {
  const basic = `Basic ${Buffer.from("optt-client:optt-secret").toString("base64")}`;
  const form = (fields: Record<string, string>, authorization = basic) => ({
    method: "POST",
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", authorization },
  });

  it("ignores it: the password and refresh grants answer as without it", async () => {
    const w = await makeWorld();
    const r = await api(TOKEN, form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ token_type: "bearer", scope: "CLINIC" });
    expect((await api(CREATE, { token: r.json.access_token })).status).toBe(200);
    const refreshed = await api(
      TOKEN,
      form({ grant_type: "refresh_token", refresh_token: r.json.refresh_token }, "Basic Og=="),
    );
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.json.refresh_token).not.toBe(r.json.refresh_token);
  });

  it("does not make a wrong password or a used refresh token work", async () => {
    const w = await makeWorld();
    const staffTokens = () => db.accessToken.count({ where: { account: { username: `staff-${w.u}` } } });
    const wrong = await api(TOKEN, form({ grant_type: "password", username: `staff-${w.u}`, password: "wrong" }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe("invalid_grant");
    expect(await staffTokens()).toBe(0);
    const ok = await api(TOKEN, form({ grant_type: "password", username: `staff-${w.u}`, password: w.password }));
    const used = { grant_type: "refresh_token", refresh_token: ok.json.refresh_token };
    expect((await api(TOKEN, form(used))).status).toBe(200);
    const again = await api(TOKEN, form(used));
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("invalid_grant");
  });
});
