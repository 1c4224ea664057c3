import { describe, expect, it } from "vitest";
import { api, makeWorld } from "./support/world";

// The contract's assignment and feedback objects are in several answers: the session detail, the
// client's homework list, the answers of homework added and of feedback given. Whichever answer
// shows one, it is the same object.

type Obj = Record<string, unknown> & { id: number };
const detail = (id: number, token: string, offset: string) =>
  api(`/gateway/profile/caregiver/session/${id}`, { token, headers: { offset } });

describe("the assignment and feedback objects", () => {
  it("are the same in the session detail and in the client's own homework list, in every offset", async () => {
    const w = await makeWorld();
    const [carer, client] = [await w.token("carer"), await w.token("client")];
    for (const offset of ["0", "5.5", "-5", "14"]) {
      const s = await detail(w.session.id, carer, offset);
      expect(s.status).toBe(200);
      const own = await api(`/gateway/profile/client/assignment?time-state=RUNNING&page=0&size=100`, {
        token: client,
        headers: { offset },
      });
      expect(own.status).toBe(200);
      const mine = (own.json.content as Obj[]).filter((a) => a.sessionId === w.session.id);
      expect(mine, offset).toEqual(s.json.assignments);
      expect(mine).toHaveLength(4);
    }
  });

  it("added homework answers the objects the session detail then shows", async () => {
    const w = await makeWorld();
    const carer = await w.token("carer");
    const added = await api("/gateway/profile/caregiver/session/assignment", {
      method: "PUT",
      token: carer,
      headers: { offset: "5.5" },
      body: { sessionId: w.session.id, bookIds: [w.book2.id, w.book.id], startDate: "2031/03/03", startTime: "00:30" },
    });
    expect(added.status).toBe(200);
    const answered = added.json as Obj[];
    expect(answered.length).toBeGreaterThan(1);
    const s = (await detail(w.session.id, carer, "5.5")).json;
    const shown = (s.assignments as Obj[]).filter((a) => answered.some((x) => x.id === a.id));
    expect(shown).toEqual(answered);
    // Added at one moment, the latest assigned is the last made.
    expect(s.assignmentId).toBe(Math.max(...answered.map((a) => a.id)));
  });

  it("feedback given answers the object the session detail then shows", async () => {
    const w = await makeWorld();
    const carer = await w.token("carer");
    const before = (await detail(w.session.id, carer, "-5")).json;
    const waiting = (before.assignments as Obj[]).find((a) => a.feedbackStatus === "WAITING");
    if (!waiting) throw new Error("the world has an assignment waiting for feedback");
    const onSession = await api(`/gateway/profile/caregiver/session/${w.session.id}/feedback`, {
      token: carer,
      headers: { offset: "-5" },
      body: { text: 'A steady week \u2028 with "quotes" and \\ and \u00e9' },
    });
    const onAssignment = await api(`/gateway/profile/caregiver/assignment/${waiting.id}/feedback`, {
      token: carer,
      headers: { offset: "-5" },
      body: { text: "Well done", score: 7.25 },
    });
    expect([onSession.status, onAssignment.status]).toEqual([201, 201]);
    const s = (await detail(w.session.id, carer, "-5")).json;
    expect((s.feedbacks as Obj[]).find((f) => f.id === onSession.json.id)).toEqual(onSession.json);
    const shown = (s.assignments as (Obj & { feedbacks: Obj[] })[]).find((a) => a.id === waiting.id);
    expect(shown?.feedbacks.find((f) => f.id === onAssignment.json.id)).toEqual(onAssignment.json);
  });
});
