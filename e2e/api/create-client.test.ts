import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, baseUrl, clinicRowCounts, db, locationId, makeWorld, PNG_1x1, uid } from "./support/world";

const CREATE = "/gateway/profile/clinic/client";

describe("POST /gateway/profile/clinic/client", () => {
  it("answers 201 with no body and location /client/<id>, and stores the client", async () => {
    const w = await makeWorld();
    const u = uid();
    const r = await api(CREATE, {
      token: await w.token("staff"),
      headers: { offset: "1" },
      body: {
        name: "Eva Example",
        email: `Eva-${u}@Example.test`,
        mobile: "+31 6 1234-5678",
        imageData: PNG_1x1,
        imageExtension: "png",
        externalClientId: `ext-${u}`,
        fromCpm: true,
        language: "FR",
        status: "INACTIVE",
        clinicId: w.clinic.id,
        id: 999999,
        clientId: "ignored",
        somethingUnknown: { nested: true },
      },
    });
    expect(r.status).toBe(201);
    expect(r.text).toBe("");
    expect(r.headers.get("content-length")).toBe("0");
    const location = r.headers.get("location")!;
    expect(location).toMatch(/^\/client\/\d+$/);
    const id = Number(location.split("/")[2]);
    expect(id).not.toBe(999999);
    const stored = await db.client.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({
      clinicId: w.clinic.id,
      name: "Eva Example",
      email: `eva-${u}@example.test`,
      mobile: "+31 6 1234-5678",
      externalClientId: `ext-${u}`,
      fromCpm: true,
      language: "FR",
      status: "INACTIVE",
      imageType: "image/png",
    });
    expect(stored.opptId).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(Buffer.from(stored.image!).equals(Buffer.from(PNG_1x1, "base64"))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain("somethingUnknown");

    const image = await fetch(`${baseUrl}/gateway/profile/clinic/client/${id}/image`, {
      headers: { authorization: `bearer ${await w.token("staff")}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    // Each view is a read with its audit row: a browser keeps no copy to show again without asking.
    expect(image.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG_1x1, "base64"))).toBe(true);
  });

  it("defaults language EN and status ACTIVE, and accepts a data: URL image", async () => {
    const w = await makeWorld();
    const r = await api(CREATE, {
      token: await w.token("staff"),
      body: {
        name: "Min Imal",
        email: `min-${uid()}@x.test`,
        imageData: `data:image/png;base64,${PNG_1x1}`,
        imageExtension: "PNG",
      },
    });
    expect(r.status).toBe(201);
    const c = await db.client.findUniqueOrThrow({ where: { id: locationId(r) } });
    expect(c).toMatchObject({
      language: "EN",
      status: "ACTIVE",
      fromCpm: false,
      externalClientId: null,
      imageType: "image/png",
    });
  });

  it("assigns the care team from caregiverList", async () => {
    const w = await makeWorld();
    const r = await api(CREATE, {
      token: await w.token("staff"),
      body: { name: "Team Player", email: `team-${uid()}@x.test`, caregiverList: [w.caregiver.id, w.outsider.id] },
    });
    expect(r.status).toBe(201);
    const id = locationId(r);
    const team = await db.careTeamMember.findMany({
      where: { clientId: id },
      select: { caregiverId: true },
      orderBy: { caregiverId: "asc" },
    });
    expect(team.map((t) => t.caregiverId)).toEqual([w.caregiver.id, w.outsider.id].sort((a, b) => a - b));
  });

  it("creates the first sessions with one assignment per module of each book, 7 days apart, read in the offset", async () => {
    const w = await makeWorld();
    const r = await api(CREATE, {
      token: await w.token("staff"),
      headers: { offset: "+02:00" },
      body: {
        name: "Sessioned",
        email: `s-${uid()}@x.test`,
        session: {
          caregiverId: w.outsider.id,
          designPlanId: w.plan.id,
          bookIdList: [w.book.id, w.book2.id],
          date: "2030-03-04",
          time: "09:30",
          sessionCount: 2,
          remindDays: 3,
          title: "Week",
          clientId: 5,
          clinicId: 7,
          id: 8,
        },
      },
    });
    expect(r.status).toBe(201);
    const id = locationId(r);
    const sessions = await db.session.findMany({
      where: { clientId: id },
      orderBy: { startAt: "asc" },
      include: { assignments: { orderBy: { id: "asc" } } },
    });
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.startAt.toISOString()).toBe("2030-03-04T07:30:00.000Z");
    expect(sessions[1]!.startAt.toISOString()).toBe("2030-03-11T07:30:00.000Z");
    expect(sessions.map((s) => s.title)).toEqual(["Week 1", "Week 2"]);
    for (const s of sessions) {
      expect(s).toMatchObject({
        caregiverId: w.outsider.id,
        designPlanId: w.plan.id,
        remindDays: 3,
        clinicId: w.clinic.id,
        closedAt: null,
      });
      expect(s.assignments).toHaveLength(w.book.modules.length + w.book2.modules.length);
      expect(s.assignments.every((a) => a.status === "PENDING" && a.feedbackStatus === "NONE")).toBe(true);
    }
    // The session's caregiver joins the care team.
    expect(await db.careTeamMember.count({ where: { clientId: id, caregiverId: w.outsider.id } })).toBe(1);
  });

  it("forms one care team from repeated caregivers and the session's, and names every caregiver it refuses", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const token = await w.token("staff");
    const ok = await api(CREATE, {
      token,
      body: {
        name: "Teamed",
        email: `t-${uid()}@x.test`,
        caregiverList: [w.caregiver.id, w.caregiver.id, w.outsider.id],
        session: { caregiverId: w.outsider.id },
      },
    });
    expect(ok.status).toBe(201);
    const id = locationId(ok);
    const team = await db.careTeamMember.findMany({ where: { clientId: id }, orderBy: { caregiverId: "asc" } });
    expect(team.map((m) => m.caregiverId)).toEqual([w.caregiver.id, w.outsider.id].sort((a, b) => a - b));

    const before = await clinicRowCounts(w.clinic.id);
    const refused = await api(CREATE, {
      token,
      body: {
        name: "Refused",
        email: `r-${uid()}@x.test`,
        caregiverList: [other.caregiver.id, w.caregiver.id, other.caregiver.id],
        session: { caregiverId: other.outsider.id },
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors.map((e: { path: string }) => e.path)).toEqual([
      "caregiverList.0",
      "caregiverList.2",
      "session.caregiverId",
    ]);
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
  });

  it("stores exactly the image bytes it checked, whatever spaces and line breaks the base64 carries", async () => {
    const w = await makeWorld();
    const spaced = `\u202f\u202f\u202f\u202f${PNG_1x1.slice(0, 8)}\r\n${PNG_1x1.slice(8)}`;
    const r = await api(CREATE, {
      token: await w.token("staff"),
      body: { name: "Spaced", email: `sp-${uid()}@x.test`, imageData: spaced, imageExtension: "png" },
    });
    expect(r.status).toBe(201);
    const id = locationId(r);
    const stored = await db.client.findUniqueOrThrow({ where: { id } });
    expect(Buffer.from(stored.image!).toString("hex")).toBe(Buffer.from(PNG_1x1, "base64").toString("hex"));
  });

  it("stores each image's own bytes when large images arrive at the same time, with first sessions or without", async () => {
    // Bodies of several chunks each, arriving together, and more of them than the pool has
    // connections, so that some wait for one with their statement built. Every other one opens a
    // first session, so its insert runs on its transaction's own connection, between round trips
    // in which the others' bodies are read.
    const w = await makeWorld();
    const token = await w.token("staff");
    const png = Buffer.from(PNG_1x1, "base64").subarray(0, 8);
    const sizes = [90_000, 200_000, 200_000, 450_000, 700_000, 1_200_000, 120_000, 333_333];
    const images = [...sizes, ...sizes, ...sizes].map((size) => Buffer.concat([png, randomBytes(size)]));
    const created = await Promise.all(
      images.map(async (image, i) => {
        const r = await api(CREATE, {
          token,
          body: {
            name: `Big ${i}`,
            email: `big-${i}-${uid()}@x.test`,
            imageData: image.toString("base64"),
            imageExtension: "png",
            ...(i % 2 ? { session: { caregiverId: w.caregiver.id } } : {}),
          },
        });
        expect(r.status, r.text).toBe(201);
        return { id: locationId(r), image, sessions: i % 2 };
      }),
    );
    const ids = created.map((c) => c.id);
    const stored = await db.client.findMany({
      where: { id: { in: ids } },
      select: { id: true, image: true, _count: { select: { sessions: true } } },
    });
    for (const { id, image, sessions } of created) {
      const row = stored.find((c) => c.id === id);
      expect(row?.image && Buffer.from(row.image).equals(image), `client ${id}`).toBe(true);
      expect(row?._count.sessions, `client ${id}`).toBe(sessions);
    }
  });

  it("stores the image and the care team the same way when it also creates sessions under an Idempotency-Key", async () => {
    const w = await makeWorld();
    const r = await api(CREATE, {
      token: await w.token("staff"),
      headers: { "idempotency-key": `k-${uid()}` },
      body: {
        name: "Pictured",
        email: `p-${uid()}@x.test`,
        imageData: PNG_1x1,
        imageExtension: "png",
        caregiverList: [w.caregiver.id],
        session: { caregiverId: w.outsider.id },
      },
    });
    expect(r.status).toBe(201);
    const id = locationId(r);
    const stored = await db.client.findUniqueOrThrow({ where: { id }, include: { careTeam: true, sessions: true } });
    expect(stored.imageType).toBe("image/png");
    expect(Buffer.from(stored.image!).equals(Buffer.from(PNG_1x1, "base64"))).toBe(true);
    expect(stored.careTeam.map((m) => m.caregiverId).sort((a, b) => a - b)).toEqual(
      [w.caregiver.id, w.outsider.id].sort((a, b) => a - b),
    );
    expect(stored.sessions).toHaveLength(1);
  });

  it("starts a session now when no date or time is given, and assigns no homework without books", async () => {
    const w = await makeWorld();
    const before = Date.now();
    const r = await api(CREATE, {
      token: await w.token("staff"),
      body: { name: "Now", email: `n-${uid()}@x.test`, session: { caregiverId: w.caregiver.id, bookIdList: null } },
    });
    expect(r.status).toBe(201);
    const s = await db.session.findFirstOrThrow({
      where: { clientId: locationId(r) },
      include: { assignments: { orderBy: { id: "asc" } } },
    });
    expect(s.startAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(s.startAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(s.assignments).toHaveLength(0);
    expect(s.title).toBe("Session");
  });

  it("lets an institute create a client in one of its clinics, naming it", async () => {
    const w = await makeWorld();
    const token = await w.token("inst");
    const r = await api(CREATE, {
      token,
      body: { name: "Via Institute", email: `i-${uid()}@x.test`, clinicId: w.clinic.id },
    });
    expect(r.status).toBe(201);
    const missing = await api(CREATE, { token, body: { name: "No clinic", email: `i-${uid()}@x.test` } });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([{ path: "clinicId", message: "clinicId is required for an institute" }]);
  });

  it("answers 404 for a clinic outside the caller's scope, existing or not, and changes nothing", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const before = await clinicRowCounts(w.clinic.id);
    for (const [who, clinicId] of [
      ["staff", other.clinic.id],
      ["staff", 2_000_000_000],
      ["inst", other.clinic.id],
    ] as const) {
      const r = await api(CREATE, {
        token: await w.token(who),
        body: { name: "X", email: `x-${uid()}@x.test`, clinicId },
      });
      expect(r.status).toBe(404);
    }
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
    expect(await db.client.count({ where: { clinicId: other.clinic.id } })).toBe(1);
  });
});
