import { describe, expect, it } from "vitest";
import { allowedMethods, OPERATIONS } from "@/lib/operations";
import { METHODS } from "@/lib/operations/define";
import { PNG_1x1, api, baseUrl, clinicRowCounts, makeWorld, uid, type World } from "./support/world";

const CREATE = "/gateway/profile/clinic/client";

type Request = { body?: unknown; rawBody?: string; headers?: Record<string, string>; token?: string | null };

type Case = {
  name: string;
  status: number;
  path?: string;
  request: (w: World, other: World) => Request | Promise<Request>;
};

const valid = () => ({ name: "Valid Name", email: `v-${uid()}@x.test` });
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString("base64");

const CASES: Case[] = [
  {
    name: "malformed JSON",
    status: 400,
    request: () => ({ rawBody: '{"name": "a",', headers: { "content-type": "application/json" } }),
  },
  { name: "a JSON array body", status: 400, request: () => ({ body: [1, 2] }) },
  {
    name: "an empty body",
    status: 400,
    request: () => ({ rawBody: "", headers: { "content-type": "application/json" } }),
  },
  {
    name: "a wrong content type",
    status: 415,
    request: () => ({ rawBody: JSON.stringify(valid()), headers: { "content-type": "text/plain" } }),
  },
  {
    name: "a form body",
    status: 415,
    request: () => ({
      rawBody: "name=a&email=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },
  {
    name: "a missing name",
    status: 400,
    path: "name",
    request: () => ({ body: { email: `a-${uid()}@x.test` } }),
  },
  { name: "an empty name", status: 400, path: "name", request: () => ({ body: { ...valid(), name: "   " } }) },
  {
    name: "a name of the wrong type",
    status: 400,
    path: "name",
    request: () => ({ body: { ...valid(), name: 42 } }),
  },
  {
    name: "an invalid email",
    status: 400,
    path: "email",
    request: () => ({ body: { ...valid(), email: "not-an-email" } }),
  },
  {
    name: "an invalid mobile",
    status: 400,
    path: "mobile",
    request: () => ({ body: { ...valid(), mobile: "call me" } }),
  },
  {
    name: "a 10 MB name",
    status: 413,
    request: () => ({ body: { ...valid(), name: "x".repeat(10 * 1024 * 1024) } }),
  },
  {
    name: "a 300-character name",
    status: 400,
    path: "name",
    request: () => ({ body: { ...valid(), name: "x".repeat(300) } }),
  },
  {
    name: "an unknown language",
    status: 400,
    path: "language",
    request: () => ({ body: { ...valid(), language: "Klingon" } }),
  },
  {
    name: "an unknown status",
    status: 400,
    path: "status",
    request: () => ({ body: { ...valid(), status: "DELETED" } }),
  },
  {
    name: "imageData that is not base64",
    status: 400,
    path: "imageData",
    request: () => ({ body: { ...valid(), imageData: "###not base64###", imageExtension: "png" } }),
  },
  {
    name: "image bytes that are not the extension",
    status: 400,
    path: "imageData",
    request: () => ({ body: { ...valid(), imageData: JPEG_HEAD, imageExtension: "png" } }),
  },
  {
    name: "an unsupported image extension",
    status: 400,
    path: "imageExtension",
    request: () => ({ body: { ...valid(), imageData: PNG_1x1, imageExtension: "bmp" } }),
  },
  {
    name: "imageData without imageExtension",
    status: 400,
    path: "imageExtension",
    request: () => ({ body: { ...valid(), imageData: PNG_1x1 } }),
  },
  {
    name: "an image over 5 MiB decoded",
    status: 413,
    request: () => ({
      body: {
        ...valid(),
        imageData: Buffer.concat([Buffer.from(PNG_1x1, "base64"), Buffer.alloc(5 * 1024 * 1024)]).toString("base64"),
        imageExtension: "png",
      },
    }),
  },
  {
    name: "a negative caregiver id",
    status: 400,
    path: "caregiverList.0",
    request: () => ({ body: { ...valid(), caregiverList: [-1] } }),
  },
  {
    name: "a huge caregiver id",
    status: 400,
    path: "caregiverList.0",
    request: () => ({ body: { ...valid(), caregiverList: [99999999999] } }),
  },
  {
    name: "a fractional clinic id",
    status: 400,
    path: "clinicId",
    request: () => ({ body: { ...valid(), clinicId: 1.5 } }),
  },
  {
    name: "a caregiver of another clinic",
    status: 422,
    path: "caregiverList.0",
    request: (_w, o) => ({ body: { ...valid(), caregiverList: [o.caregiver.id] } }),
  },
  {
    name: "a caregiver that does not exist",
    status: 422,
    path: "caregiverList.0",
    request: () => ({ body: { ...valid(), caregiverList: [2_000_000_000] } }),
  },
  {
    name: "a session caregiver of another clinic",
    status: 422,
    path: "session.caregiverId",
    request: (_w, o) => ({ body: { ...valid(), session: { caregiverId: o.caregiver.id } } }),
  },
  {
    name: "a session without caregiverId",
    status: 400,
    path: "session.caregiverId",
    request: () => ({ body: { ...valid(), session: { title: "x" } } }),
  },
  {
    name: "a design plan of another clinic",
    status: 422,
    path: "session.designPlanId",
    request: (w, o) => ({
      body: { ...valid(), session: { caregiverId: w.caregiver.id, designPlanId: o.plan.id } },
    }),
  },
  {
    name: "a book of another clinic",
    status: 422,
    path: "session.bookIdList.1",
    request: (w, o) => ({
      body: { ...valid(), session: { caregiverId: w.caregiver.id, bookIdList: [w.book.id, o.book.id] } },
    }),
  },
  {
    name: "an invalid session date",
    status: 400,
    path: "session.date",
    request: (w) => ({ body: { ...valid(), session: { caregiverId: w.caregiver.id, date: "2030/02/30" } } }),
  },
  {
    name: "a session date decades back",
    status: 400,
    path: "session.date",
    request: (w) => ({ body: { ...valid(), session: { caregiverId: w.caregiver.id, date: "1999/03/01" } } }),
  },
  {
    name: "an invalid session time",
    status: 400,
    path: "session.time",
    request: (w) => ({ body: { ...valid(), session: { caregiverId: w.caregiver.id, time: "25:00" } } }),
  },
  {
    name: "a sessionCount of 0",
    status: 400,
    path: "session.sessionCount",
    request: (w) => ({ body: { ...valid(), session: { caregiverId: w.caregiver.id, sessionCount: 0 } } }),
  },
  {
    name: "a duplicate externalClientId",
    status: 409,
    path: "externalClientId",
    request: (w) => ({ body: { ...valid(), externalClientId: `EXT-${w.u}` } }),
  },
  {
    name: "a duplicate email, in another case",
    status: 409,
    path: "email",
    request: (w) => ({ body: { ...valid(), email: `CLIENT-${w.u}@test.test` } }),
  },
  {
    name: "a duplicate email, with a first session",
    status: 409,
    path: "email",
    request: (w) => ({
      body: { ...valid(), email: `client-${w.u}@test.test`, session: { caregiverId: w.caregiver.id } },
    }),
  },
  {
    name: "a caregiver of another clinic, with a first session",
    status: 422,
    path: "caregiverList.0",
    request: (w, o) => ({
      body: { ...valid(), caregiverList: [o.caregiver.id], session: { caregiverId: w.caregiver.id } },
    }),
  },
  {
    name: "a bad offset header",
    status: 400,
    path: "header.offset",
    request: () => ({ body: valid(), headers: { offset: "+15" } }),
  },
  {
    name: "a malformed offset header",
    status: 400,
    path: "header.offset",
    request: () => ({ body: valid(), headers: { offset: "east" } }),
  },
  {
    name: "a bad Idempotency-Key",
    status: 400,
    request: () => ({ body: valid(), headers: { "idempotency-key": "x".repeat(300) } }),
  },
  ...["null", "[]", "7", '"a client"'].map((text) => ({
    name: `a JSON body that is ${text}, not an object`,
    status: 400,
    request: () => ({ rawBody: text, headers: { "content-type": "application/json" } }),
  })),
  { name: "no token", status: 401, request: () => ({ body: valid(), token: null }) },
  {
    name: "a caregiver's token",
    status: 403,
    request: async (w) => ({ body: valid(), token: await w.token("carer") }),
  },
  { name: "a client's token", status: 403, request: async (w) => ({ body: valid(), token: await w.token("client") }) },
  {
    name: "another clinic's id",
    status: 404,
    request: (_w, o) => ({ body: { ...valid(), clinicId: o.clinic.id } }),
  },
];

describe("POST /gateway/profile/clinic/client rejects bad input with problem+json and changes nothing", () => {
  let world: World | undefined;
  let other: World | undefined;

  it.each(CASES)("$name → $status", async (c) => {
    world ??= await makeWorld();
    other ??= await makeWorld();
    const req = await c.request(world, other);
    const token = req.token === undefined ? await world.token("staff") : req.token;
    const before = await clinicRowCounts(world.clinic.id);
    const headers: Record<string, string> = { ...req.headers };
    if (token) headers.authorization = `bearer ${token}`;
    let body: string | undefined = req.rawBody;
    if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(baseUrl + CREATE, { method: "POST", headers, body });
    const text = await res.text();
    expect(res.status).toBe(c.status);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const p = JSON.parse(text);
    expect(p).toMatchObject({
      status: c.status,
      type: expect.any(String),
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(text).not.toMatch(/prisma|select |insert |at \/|node_modules|\.ts:\d/i);
    if (c.path) expect(p.errors.map((e: { path: string }) => e.path)).toContain(c.path);
    expect(await clinicRowCounts(world.clinic.id)).toEqual(before);
  });

  it("answers 404 problem+json for an unknown gateway path, and 405 with Allow for a method a path does not serve", async () => {
    for (const path of ["/gateway/profile/nothing/here", "/gateway"]) {
      const r = await api(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
    }
    const wrong = await api("/gateway/profile/clinic/client", { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST, GET");
    expect(wrong.headers.get("content-type")).toBe("application/problem+json");
  });

  it("serves every declared path from the one gateway route: 405 with the registry's Allow for the other methods, 404 beyond it", async () => {
    const paths = [...new Set(OPERATIONS.map((op) => op.path))];
    for (const path of paths) {
      const allowed = allowedMethods(path);
      const other = METHODS.find((m) => !allowed.includes(m));
      if (!other) continue;
      const concrete = path.replace(/\{\w+\}/g, "1");
      const r = await api(concrete, { method: other });
      expect(r.status, `${other} ${path}`).toBe(405);
      expect(r.headers.get("allow"), path).toBe(allowed.join(", "));
      expect((await api(`${concrete}/no-such/thing`, { method: allowed[0] })).status, `${path}/…`).toBe(404);
    }
    // A literal segment is not taken for another path's parameter: PUT-only session/assignment
    // answers GET with 405, not as the session {id} "assignment".
    const literal = await api("/gateway/profile/caregiver/session/assignment");
    expect(literal.status).toBe(405);
    expect(literal.headers.get("allow")).toBe("PUT");
  });
});
