import { describe, expect, it } from "vitest";
import { expectProblem } from "./support/expect-problem";
import { api, db, makeWorld, uid, type World } from "./support/world";

// Session feedback is a creation: each POST adds one. Sent again after a lost answer under the same
// Idempotency-Key, it is added once and answered as the first time (docs/api-decisions.md).

const feedbackOf = (w: World) => `/gateway/profile/caregiver/session/${String(w.session.id)}/feedback`;

async function give(w: World, text: string, key?: string) {
  return api(feedbackOf(w), {
    token: await w.token("carer"),
    body: { text },
    headers: key ? { "idempotency-key": key } : {},
  });
}

const sessionFeedbacks = (w: World) => db.feedback.count({ where: { sessionId: w.session.id, kind: "SESSION" } });

describe("session feedback under an Idempotency-Key", () => {
  it("a retry with the same key and text is answered with the first feedback and adds none", async () => {
    const w = await makeWorld();
    const before = await sessionFeedbacks(w);
    const key = `sf-${uid()}`;
    const first = await give(w, "A steady week.", key);
    expect(first.status, first.text).toBe(201);
    const again = await give(w, "A steady week.", key);
    expect(again.status, again.text).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(await sessionFeedbacks(w)).toBe(before + 1);
  });

  it("the same key with another text is 409 and adds nothing; without a key the same words twice are two", async () => {
    const w = await makeWorld();
    const key = `sf-${uid()}`;
    expect((await give(w, "First words.", key)).status).toBe(201);
    const before = await sessionFeedbacks(w);
    expectProblem(await give(w, "Other words.", key), 409, "header.Idempotency-Key");
    expect(await sessionFeedbacks(w)).toBe(before);
    expect((await give(w, "Twice.")).status).toBe(201);
    expect((await give(w, "Twice.")).status).toBe(201);
    expect(await sessionFeedbacks(w)).toBe(before + 2);
  });

  it("a key the caregiver used for a message is 409 for feedback with the same text, and adds none", async () => {
    const w = await makeWorld();
    const key = `sf-${uid()}`;
    const message = await api(`/gateway/profile/session/${String(w.session.id)}/message`, {
      token: await w.token("carer"),
      body: { text: "Same words." },
      headers: { "idempotency-key": key },
    });
    expect(message.status, message.text).toBe(201);
    const before = await sessionFeedbacks(w);
    expectProblem(await give(w, "Same words.", key), 409, "header.Idempotency-Key");
    expect(await sessionFeedbacks(w)).toBe(before);
  });

  it("two sends at once under one key add one feedback, and both are answered with it", async () => {
    const w = await makeWorld();
    const before = await sessionFeedbacks(w);
    const key = `sf-${uid()}`;
    const [a, b] = await Promise.all([give(w, "At once.", key), give(w, "At once.", key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json).toEqual(b.json);
    expect(await sessionFeedbacks(w)).toBe(before + 1);
  });

  it("a retry after the session was closed is still answered with the feedback it added", async () => {
    const w = await makeWorld();
    const key = `sf-${uid()}`;
    const first = await give(w, "Before the close.", key);
    expect(first.status, first.text).toBe(201);
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    const again = await give(w, "Before the close.", key);
    expect(again.status, again.text).toBe(201);
    expect(again.json).toEqual(first.json);
    // A new text on the closed session is refused as before.
    expectProblem(await give(w, "After the close."), 409);
  });
});
