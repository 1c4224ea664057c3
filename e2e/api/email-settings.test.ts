// GET and PUT /gateway/profile/email-settings: a client's and a care provider's own choice of the
// emails they get. Every refusal is problem+json and changes nothing.
import { describe, expect, it } from "vitest";
import { api, db, makeWorld, type World } from "./support/world";

const PATH = "/gateway/profile/email-settings";

const read = async (w: World, who: "client" | "carer") => api(PATH, { token: await w.token(who) });
const put = async (w: World, who: "client" | "carer" | "staff" | "inst", body: unknown) =>
  api(PATH, { method: "PUT", token: await w.token(who), body });

const rows = async (w: World) => ({
  client: await db.client.findUniqueOrThrow({
    where: { id: w.client.id },
    select: { remindersOn: true, messageNoticesOn: true },
  }),
  carer: await db.caregiver.findUniqueOrThrow({
    where: { id: w.carer.id },
    select: { remindersOn: true, messageNoticesOn: true, digestOn: true },
  }),
});

describe("email settings", () => {
  it("answers a person's own settings: everything on at first, no digest for a client", async () => {
    const w = await makeWorld();
    const client = await read(w, "client");
    expect(client.status).toBe(200);
    expect(client.json).toEqual({ remindersOn: true, messageNoticesOn: true, digestOn: null });
    const carer = await read(w, "carer");
    expect(carer.json).toEqual({ remindersOn: true, messageNoticesOn: true, digestOn: true });
  });

  it("changes only the fields sent, for the caller alone", async () => {
    const w = await makeWorld();
    const client = await put(w, "client", { remindersOn: false });
    expect(client.status).toBe(200);
    expect(client.json).toEqual({ remindersOn: false, messageNoticesOn: true, digestOn: null });
    const carer = await put(w, "carer", { digestOn: false, messageNoticesOn: false });
    expect(carer.json).toEqual({ remindersOn: true, messageNoticesOn: false, digestOn: false });
    expect(await rows(w)).toEqual({
      client: { remindersOn: false, messageNoticesOn: true },
      carer: { remindersOn: true, messageNoticesOn: false, digestOn: false },
    });
    expect((await read(w, "client")).json).toEqual({ remindersOn: false, messageNoticesOn: true, digestOn: null });
    // Another caregiver of the clinic is untouched.
    expect(await db.caregiver.findUniqueOrThrow({ where: { id: w.outsider.id }, select: { digestOn: true } })).toEqual({
      digestOn: true,
    });
  });

  it("refuses bad bodies with problem+json and changes nothing", async () => {
    const w = await makeWorld();
    const before = await rows(w);
    const cases: [who: "client" | "carer", body: unknown, status: number, path?: string][] = [
      ["client", { digestOn: false }, 422, "digestOn"],
      ["client", { digestOn: false, remindersOn: false }, 422, "digestOn"],
      ["carer", {}, 400],
      ["carer", { remindersOn: "no" }, 400, "remindersOn"],
      ["carer", { remindersOn: false, name: "x" }, 400],
      ["carer", [true], 400],
      ["client", null, 400],
    ];
    for (const [who, body, status, path] of cases) {
      const r = await put(w, who, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
      if (path) expect(r.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const text = await api(PATH, {
      method: "PUT",
      token: await w.token("carer"),
      rawBody: "remindersOn=false",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(await rows(w)).toEqual(before);
  });

  it("is only for clients and care providers: 403 for staff and institutes, 401 without a token", async () => {
    const w = await makeWorld();
    for (const who of ["staff", "inst"] as const) {
      const get = await api(PATH, { token: await w.token(who) });
      expect(get.status).toBe(403);
      expect(get.headers.get("content-type")).toContain("application/problem+json");
      expect((await put(w, who, { remindersOn: false })).status).toBe(403);
    }
    expect((await api(PATH)).status).toBe(401);
    expect((await api(PATH, { method: "PUT", body: { remindersOn: false } })).status).toBe(401);
    const del = await api(PATH, { method: "DELETE", token: await w.token("client") });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, PUT");
  });
});
