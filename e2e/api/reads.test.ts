import { describe, expect, it } from "vitest";
import { expectProblem } from "./support/expect-problem";
import { makeClient, makeSession } from "@/prisma/factories";
import { LIBRARY_BOOKS } from "@/lib/library/books";
import { ClientCreateRequest } from "@/lib/schemas/client";
import { api, db, locationId, makeWorld, PNG_1x1, uid } from "./support/world";

describe("further reads", () => {
  it("lists the clinic's clients with paging and search", async () => {
    const w = await makeWorld();
    for (let i = 0; i < 5; i++)
      await makeClient(db, {
        clinicId: w.clinic.id,
        name: `Pager ${i} ${w.u}`,
        email: `pager${i}-${w.u}@x.test`,
        externalClientId: `PAGE-${i}-${w.u}`,
      });
    const token = await w.token("staff");
    const page0 = (await api("/gateway/profile/clinic/client?size=4", { token })).json;
    expect(page0).toMatchObject({ page: 0, size: 4, totalElements: 6, totalPages: 2 });
    expect(page0.content).toHaveLength(4);
    const page1 = (await api("/gateway/profile/clinic/client?size=4&page=1", { token })).json;
    expect(page1.content).toHaveLength(2);
    const ids = [...page0.content, ...page1.content].map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(6);
    expect(
      (await api(`/gateway/profile/clinic/client?search=pager 3`, { token })).json.content.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual([`Pager 3 ${w.u}`]);
    expect((await api(`/gateway/profile/clinic/client?search=PAGE-4-${w.u}`, { token })).json.totalElements).toBe(1);
    expect(
      (await api(`/gateway/profile/clinic/client?search=${encodeURIComponent(`client-${w.u}@`)}`, { token })).json
        .totalElements,
    ).toBe(1);
    // A search's "%" and "_" are the characters typed, not SQL's wildcards: "50%" does not find
    // every client, nor "_" every name.
    await makeClient(db, { clinicId: w.clinic.id, name: `Under_score ${w.u}`, email: `under-${w.u}@x.test` });
    for (const [search, names] of [
      [`r_s`, [`Under_score ${w.u}`]],
      [`%${w.u}`, []],
      [`pager_1`, []],
    ] as const) {
      const found = await api(`/gateway/profile/clinic/client?search=${encodeURIComponent(search)}`, { token });
      expect(
        found.json.content.map((c: { name: string }) => c.name),
        search,
      ).toEqual(names);
    }
    for (const bad of ["size=0", "size=101", "page=-1", "size=abc"]) {
      const r = await api(`/gateway/profile/clinic/client?${bad}`, { token });
      expect(r.status, bad).toBe(400);
    }
  });

  it("narrows the clinic's clients to the active or the inactive ones, with a search too", async () => {
    const w = await makeWorld();
    const resting = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Resting ${w.u}`,
      email: `resting-${w.u}@x.test`,
      status: "INACTIVE",
    });
    await makeClient(db, { clinicId: w.clinic.id, name: `Busy ${w.u}`, email: `busy-${w.u}@x.test` });
    const token = await w.token("staff");
    const names = async (query: string) => {
      const r = await api(`/gateway/profile/clinic/client?${query}`, { token });
      expect(r.status, r.text).toBe(200);
      return { names: r.json.content.map((c: { name: string }) => c.name), total: r.json.totalElements };
    };
    expect(await names("status=INACTIVE")).toEqual({ names: [resting.name], total: 1 });
    expect(await names("status=ACTIVE")).toEqual({ names: [`Busy ${w.u}`, w.client.name], total: 2 });
    expect(await names("")).toMatchObject({ total: 3 });
    expect(await names(`status=ACTIVE&search=${encodeURIComponent("resting")}`)).toEqual({ names: [], total: 0 });
    expect(await names(`status=INACTIVE&search=${encodeURIComponent("resting")}`)).toEqual({
      names: [resting.name],
      total: 1,
    });
    expectProblem(await api("/gateway/profile/clinic/client?status=SLEEPING", { token }), 400, "query.status");
  });

  it("reads a repeated query parameter as its values joined by commas: a list, or a 400 for a single value", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    const twice = await api("/gateway/profile/caregiver/session?runningStatus=RUNNING&runningStatus=COMPLETED", {
      token,
    });
    expectProblem(twice, 400, "query.runningStatus");
    expectProblem(await api("/gateway/profile/caregiver/session?page=0&page=1", { token }), 400, "query.page");
    const client = await w.token("client");
    const own = "/gateway/profile/client/assignment?time-state=RUNNING";
    const repeated = await api(`${own}&status=PENDING&status=COMPLETE`, { token: client });
    const listed = await api(`${own}&status=PENDING,COMPLETE`, { token: client });
    expect(repeated.status, repeated.text).toBe(200);
    expect(repeated.json.totalElements).toBeGreaterThan(
      (await api(`${own}&status=COMPLETE`, { token: client })).json.totalElements,
    );
    expect(repeated.json).toEqual(listed.json);
  });

  it("reads one client with care team and sessions, for its clinic and its care team", async () => {
    const w = await makeWorld();
    const c = (await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: await w.token("staff") })).json;
    expect(c).toMatchObject({
      id: w.client.id,
      clientOpptId: w.client.opptId,
      name: `Client ${w.u}`,
      hasImage: false,
      imageUrl: null,
      hasSignIn: true,
      invitation: null,
    });
    expect(c.careTeam).toEqual([{ id: w.caregiver.id, name: `Carer ${w.u}`, position: "Psychologist" }]);
    expect(c.sessions).toEqual([
      expect.objectContaining({ id: w.session.id, runningStatus: "RUNNING", caregiverId: w.caregiver.id }),
    ]);
    expect((await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: await w.token("carer") })).status).toBe(
      200,
    );
    expect(
      (await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: await w.token("outsider") })).status,
    ).toBe(404);
    expect(
      (await api(`/gateway/profile/clinic/client/${w.client.id}/image`, { token: await w.token("staff") })).status,
    ).toBe(404);
  });

  it("reads whether a client has a sign-in and the state of their last invitation", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    const u = uid();
    const fresh = await makeClient(db, { clinicId: w.clinic.id, name: `Fresh ${u}`, email: `fresh-${u}@x.test` });
    const read = async () =>
      (await api(`/gateway/profile/clinic/client/${fresh.id}`, { token: staff, headers: { offset: "2" } })).json;
    expect(await read()).toMatchObject({ id: fresh.id, hasSignIn: false, invitation: null });
    const link = await api(`/gateway/profile/clinic/client/${fresh.id}/invitation`, { token: staff, method: "POST" });
    expect(link.status, link.text).toBe(201);
    const row = await db.invitation.findFirstOrThrow({ where: { clientId: fresh.id } });
    const local = new Date(row.expiresAt.getTime() + 2 * 3600_000).toISOString();
    const c = await read();
    expect(c.hasSignIn).toBe(false);
    expect(c.invitation).toEqual({
      state: "OPEN",
      clinicId: w.clinic.id,
      expiresAt: `${local.slice(0, 10).replaceAll("-", "/")} ${local.slice(11, 16)}`,
    });
  });

  it("serves a created client's image with its content type", async () => {
    const w = await makeWorld();
    const r = await api("/gateway/profile/clinic/client", {
      token: await w.token("staff"),
      body: { name: "Pic", email: `p-${uid()}@x.test`, imageData: PNG_1x1, imageExtension: "png" },
    });
    const id = locationId(r);
    const c = (await api(`/gateway/profile/clinic/client/${id}`, { token: await w.token("staff") })).json;
    expect(c).toMatchObject({ hasImage: true, imageUrl: `/gateway/profile/clinic/client/${id}/image` });
  });

  it("lists caregivers, design plans and books with modules", async () => {
    const w = await makeWorld();
    const staff = await w.token("staff");
    const cgs = (await api("/gateway/profile/clinic/caregiver", { token: staff })).json;
    expect(cgs.content.map((c: { id: number }) => c.id).sort()).toEqual([w.caregiver.id, w.outsider.id].sort());
    expect(cgs.content[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      email: expect.any(String),
      position: expect.any(String),
      activationStatus: "ACTIVE",
      hasSignIn: true,
    });
    const plans = (await api("/gateway/profile/clinic/design-plan", { token: await w.token("carer") })).json;
    expect(plans.content).toEqual([
      { id: w.plan.id, name: `Plan ${w.u}`, description: "", clinicId: w.clinic.id, weekCount: 0 },
    ]);
    // A plan's length is its last week with books, a week without any in between counted.
    await db.designPlanWeek.createMany({
      data: [1, 3].map((week) => ({ designPlanId: w.plan.id, week, bookId: w.book.id })),
    });
    const weeks = (await api("/gateway/profile/clinic/design-plan", { token: await w.token("carer") })).json;
    expect(weeks.content[0].weekCount).toBe(3);
    const books = (await api("/gateway/profile/clinic/book", { token: staff })).json;
    // The clinic's two books, after the copies of the library every new clinic starts with.
    expect(books.totalElements).toBe(LIBRARY_BOOKS.length + 2);
    const book = books.content.find((b: { id: number }) => b.id === w.book.id);
    expect(book.modules.map((m: { name: string; isTest: boolean }) => [m.name, m.isTest])).toEqual([
      ["Intro", false],
      ["Practice", false],
      ["Test", true],
    ]);
    expect((await api("/gateway/profile/clinic/caregiver", { token: await w.token("carer") })).status).toBe(403);
  });

  it("lists sessions filtered by running status and client", async () => {
    const w = await makeWorld();
    await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.caregiver.id,
      title: "Next",
      startAt: new Date(Date.now() + 86_400_000),
    });
    const token = await w.token("carer");
    const all = (await api("/gateway/profile/caregiver/session", { token })).json;
    expect(all.totalElements).toBe(2);
    const running = (await api("/gateway/profile/caregiver/session?runningStatus=RUNNING", { token })).json;
    expect(running.content).toEqual([
      expect.objectContaining({
        id: w.session.id,
        assignmentCount: 4,
        completedAssignmentCount: 2,
        waitingFeedbackCount: 1,
        runningStatus: "RUNNING",
      }),
    ]);
    expect(
      (await api("/gateway/profile/caregiver/session?runningStatus=FUTURE", { token })).json.content[0].title,
    ).toBe("Next");
    expect(
      (await api(`/gateway/profile/caregiver/session?clientId=${w.client.id}&size=1&page=1`, { token })).json,
    ).toMatchObject({ totalElements: 2, totalPages: 2 });
    // A page past the last is empty and still says how many there are.
    expect(
      (await api(`/gateway/profile/caregiver/session?clientId=${w.client.id}&size=1&page=5`, { token })).json,
    ).toMatchObject({ content: [], totalElements: 2, totalPages: 2 });
    expect((await api("/gateway/profile/caregiver/session?runningStatus=SLEEPING", { token })).status).toBe(400);
    expect(
      (await api("/gateway/profile/caregiver/session", { token: await w.token("outsider") })).json.totalElements,
    ).toBe(0);
    // Both filters at once, beside another client's running session.
    const u = uid();
    const second = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Second ${u}`,
      email: `second-${u}@test.test`,
      careTeam: [w.caregiver.id],
    });
    const theirs = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: second.id,
      caregiverId: w.caregiver.id,
      title: "Theirs",
      startAt: new Date(Date.now() - 86_400_000),
    });
    const ids = async (query: string) =>
      (await api(`/gateway/profile/caregiver/session?${query}`, { token })).json.content.map(
        (s: { id: number }) => s.id,
      );
    expect(await ids("runningStatus=RUNNING")).toEqual(expect.arrayContaining([w.session.id, theirs.id]));
    expect(await ids(`runningStatus=RUNNING&clientId=${w.client.id}`)).toEqual([w.session.id]);
    expect(await ids(`runningStatus=RUNNING&clientId=${second.id}`)).toEqual([theirs.id]);
    expect(await ids(`runningStatus=FUTURE&clientId=${second.id}`)).toEqual([]);
  });

  it("reports health and serves an OpenAPI 3.1 document generated from the request schemas", async () => {
    expect((await api("/gateway/health")).json).toEqual({ status: "UP" });
    const doc = (await api("/gateway/openapi.json")).json;
    expect(doc.openapi).toBe("3.1.0");
    for (const p of [
      "/gateway/profile/clinic/client",
      "/gateway/profile/caregiver/session/{id}",
      "/gateway/uaa/oauth/token",
      "/gateway/profile/clinic/book",
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    const create = doc.components.schemas.ClientCreateRequest;
    expect(Object.keys(create.properties).sort()).toEqual(Object.keys(ClientCreateRequest.shape).sort());
    expect(create.required.sort()).toEqual(["email", "name"]);
    expect(Object.keys(doc.components.schemas.SessionDetail.properties)).toHaveLength(24);
    const page = await fetch(`${(await import("./support/world")).baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/gateway/profile/caregiver/session/{id}");
  });
});
