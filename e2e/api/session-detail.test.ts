import { describe, expect, it } from "vitest";
import { makeSession } from "@/prisma/factories";
import { api, db, makeWorld } from "./support/world";

const DETAIL_FIELDS = [
  "id",
  "title",
  "description",
  "caregiverId",
  "caregiverName",
  "caregiverPosition",
  "clientId",
  "clientOpptId",
  "clientName",
  "createDate",
  "startDate",
  "chatId",
  "assignmentId",
  "assignmentName",
  "bookId",
  "assignmentCount",
  "completedAssignmentCount",
  "pendingAssignmentCount",
  "lastAssignmentScore",
  "isClosed",
  "runningStatus",
  "documents",
  "assignments",
  "feedbacks",
];
const ASSIGNMENT_FIELDS = [
  "id",
  "bookId",
  "name",
  "sessionTitle",
  "sessionId",
  "moduleId",
  "moduleName",
  "caregiverId",
  "caregiverName",
  "clientId",
  "clientName",
  "assignDate",
  "submitDate",
  "feedbackStatus",
  "feedbackSubmitDate",
  "startDate",
  "status",
  "isTest",
  "score",
  "drafts",
  "answers",
  "autoSaveAnswers",
  "feedbacks",
];
const DATE = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/;
const read = (id: number, token: string, headers: Record<string, string> = {}) =>
  api(`/gateway/profile/caregiver/session/${id}`, { token, headers: { offset: "0", ...headers } });

describe("GET /gateway/profile/caregiver/session/{id}", () => {
  it("answers exactly the contract's fields and types, as application/json;charset=UTF-8", async () => {
    const w = await makeWorld();
    const r = await read(w.session.id, await w.token("carer"));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json;charset=UTF-8");
    const s = r.json;
    expect(Object.keys(s).sort()).toEqual([...DETAIL_FIELDS].sort());
    expect(s).toMatchObject({
      id: w.session.id,
      title: `Session ${w.u}`,
      description: "Week one",
      caregiverId: w.caregiver.id,
      caregiverName: `Carer ${w.u}`,
      caregiverPosition: "Psychologist",
      clientId: w.client.id,
      clientOpptId: w.client.opptId,
      clientName: `Client ${w.u}`,
      isClosed: false,
      runningStatus: "RUNNING",
      documents: [],
    });
    for (const k of [
      "id",
      "caregiverId",
      "clientId",
      "assignmentId",
      "bookId",
      "assignmentCount",
      "completedAssignmentCount",
      "pendingAssignmentCount",
    ]) {
      expect(Number.isInteger(s[k]), k).toBe(true);
    }
    for (const k of [
      "title",
      "description",
      "caregiverName",
      "caregiverPosition",
      "clientOpptId",
      "clientName",
      "chatId",
      "assignmentName",
    ]) {
      expect(typeof s[k], k).toBe("string");
    }
    expect(s.createDate).toMatch(DATE);
    expect(s.startDate).toMatch(DATE);
    expect(s.assignments).toHaveLength(4);
    for (const a of s.assignments) {
      expect(Object.keys(a).sort()).toEqual([...ASSIGNMENT_FIELDS].sort());
      expect(a).toMatchObject({
        sessionId: w.session.id,
        sessionTitle: `Session ${w.u}`,
        caregiverId: w.caregiver.id,
        clientId: w.client.id,
        clientName: `Client ${w.u}`,
      });
      expect(typeof a.isTest).toBe("boolean");
      expect(typeof a.score).toBe("number");
      expect(a.assignDate).toMatch(DATE);
      expect(a.startDate).toMatch(DATE);
      for (const list of ["drafts", "answers", "autoSaveAnswers", "feedbacks"])
        expect(Array.isArray(a[list])).toBe(true);
    }
    const [given, inProgress, waiting, pending] = s.assignments;
    expect(given).toMatchObject({
      status: "COMPLETE",
      feedbackStatus: "GIVEN",
      name: "Intro",
      moduleName: "Intro",
      bookId: w.book.id,
      isTest: false,
    });
    expect(given.submitDate).toMatch(DATE);
    expect(given.feedbackSubmitDate).toMatch(DATE);
    expect(given.feedbacks).toHaveLength(1);
    expect(given.answers[0]).toMatchObject({ questionKey: "q1", value: { text: "Submitted answer" } });
    expect(inProgress).toMatchObject({
      status: "IN_PROGRESS",
      feedbackStatus: "NONE",
      submitDate: null,
      feedbackSubmitDate: null,
    });
    expect(inProgress.autoSaveAnswers).toHaveLength(1);
    expect(waiting).toMatchObject({
      status: "COMPLETE",
      feedbackStatus: "WAITING",
      score: 12.5,
      isTest: true,
      feedbackSubmitDate: null,
    });
    expect(pending).toMatchObject({
      status: "PENDING",
      bookId: w.book2.id,
      drafts: [],
      answers: [],
      autoSaveAnswers: [],
    });
    expect(s.feedbacks).toEqual([
      expect.objectContaining({ type: "SESSION", text: "Good week", caregiverId: w.caregiver.id }),
    ]);
  });

  it("counts assignments and names the latest assigned and the latest scored", async () => {
    const w = await makeWorld();
    const s = (await read(w.session.id, await w.token("carer"))).json;
    expect(s).toMatchObject({
      assignmentCount: 4,
      completedAssignmentCount: 2,
      pendingAssignmentCount: 2,
      lastAssignmentScore: 12.5,
    });
    const last = s.assignments[3];
    expect(s).toMatchObject({ assignmentId: last.id, assignmentName: last.name, bookId: w.book2.id });
  });

  it("has null assignment fields, zero counts and no score for a session without homework, and FUTURE or COMPLETED status", async () => {
    const w = await makeWorld();
    const future = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.caregiver.id,
      title: "Later",
      startAt: new Date(Date.now() + 86_400_000),
    });
    const closed = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.caregiver.id,
      title: "Done",
      startAt: new Date(Date.now() - 20 * 86_400_000),
      closed: true,
    });
    const f = (await read(future.id, await w.token("carer"))).json;
    expect(f).toMatchObject({
      runningStatus: "FUTURE",
      isClosed: false,
      assignmentId: null,
      assignmentName: null,
      bookId: null,
      assignmentCount: 0,
      completedAssignmentCount: 0,
      pendingAssignmentCount: 0,
      lastAssignmentScore: null,
      assignments: [],
    });
    const c = (await read(closed.id, await w.token("carer"))).json;
    expect(c).toMatchObject({ runningStatus: "COMPLETED", isClosed: true });
  });

  it("renders dates in the offset header's UTC offset", async () => {
    const w = await makeWorld();
    const startAt = new Date(Date.UTC(2031, 0, 31, 22, 15));
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.caregiver.id,
      title: "Offsets",
      startAt,
    });
    const token = await w.token("carer");
    const cases: [string | undefined, string][] = [
      [undefined, "2031/01/31 22:15"],
      ["0", "2031/01/31 22:15"],
      ["1", "2031/01/31 23:15"],
      ["2", "2031/02/01 00:15"],
      ["-5", "2031/01/31 17:15"],
      ["5.5", "2031/02/01 03:45"],
      ["+05:30", "2031/02/01 03:45"],
      ["-12", "2031/01/31 10:15"],
      ["14", "2031/02/01 12:15"],
    ];
    for (const [offset, expected] of cases) {
      const r = await api(`/gateway/profile/caregiver/session/${s.id}`, {
        token,
        headers: offset === undefined ? {} : { offset },
      });
      expect(r.json.startDate, `offset ${offset}`).toBe(expected);
    }
    for (const bad of ["15", "-13", "abc", "1:5", "+5:75"]) {
      const r = await api(`/gateway/profile/caregiver/session/${s.id}`, { token, headers: { offset: bad } });
      expect(r.status, `offset ${bad}`).toBe(400);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("is readable by the clinic's staff, and by no caregiver outside the care team (404)", async () => {
    const w = await makeWorld();
    expect((await read(w.session.id, await w.token("staff"))).status).toBe(200);
    const outsider = await read(w.session.id, await w.token("outsider"));
    expect(outsider.status).toBe(404);
    expect(outsider.headers.get("content-type")).toBe("application/problem+json");
    expect((await read(w.session.id, await w.token("client"))).status).toBe(403);
    expect((await read(w.session.id, await w.token("inst"))).status).toBe(403);
  });

  it("answers 404 for an unknown id and 400 for an id that is not a positive integer", async () => {
    const w = await makeWorld();
    const token = await w.token("carer");
    expect((await read(2_000_000_000, token)).status).toBe(404);
    for (const bad of ["abc", "-1", "0", "1.5", "99999999999"]) {
      const r = await api(`/gateway/profile/caregiver/session/${bad}`, { token });
      expect(r.status, bad).toBe(400);
    }
  });
});
