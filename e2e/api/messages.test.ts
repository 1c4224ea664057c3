import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/dates";
import { enqueue } from "@/lib/jobs/enqueue";
import { MAX_SESSION_MESSAGES } from "@/lib/schemas/messages";
import { makeSession } from "@/prisma/factories";
import { expectProblem } from "./support/expect-problem";
import { untilWaitingOnLock } from "./support/lock-wait";
import { api, db, makeWorld, type World } from "./support/world";

// A session's conversation (docs/messages.md): who may read and write it, what a read records,
// unread counts, polling with `after`, and refusals that change nothing.

type Who = "staff" | "carer" | "outsider" | "client" | "inst";

const messagesOf = (sessionId: number) => `/gateway/profile/session/${String(sessionId)}/message`;

async function post(w: World, who: Who, text: unknown, sessionId = w.session.id, headers: Record<string, string> = {}) {
  return api(messagesOf(sessionId), { token: await w.token(who), body: { text }, headers });
}

async function read(w: World, who: Who, query = "", sessionId = w.session.id, headers: Record<string, string> = {}) {
  return api(`${messagesOf(sessionId)}${query}`, { token: await w.token(who), headers });
}

async function conversations(w: World, who: Who, query = "") {
  return api(`/gateway/profile/conversation${query}`, { token: await w.token(who) });
}

/** What a refused request could have written for this session. */
async function written(sessionId: number) {
  const [messages, reads, audit] = await Promise.all([
    db.message.count({ where: { sessionId } }),
    db.messageRead.count({ where: { sessionId } }),
    db.auditLog.count({ where: { action: "READ_MESSAGES", targetId: sessionId } }),
  ]);
  return { messages, reads, audit };
}

describe("posting and reading a session's conversation", () => {
  it("the client and the care team write; everyone of the session reads it oldest first, with author and mine", async () => {
    const w = await makeWorld();
    const first = await post(w, "carer", "  Hello, how was the week?  ");
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      sessionId: w.session.id,
      text: "Hello, how was the week?",
      author: { role: "CAREGIVER", name: w.carer.name },
      mine: true,
    });
    expect(first.headers.get("location")).toBe(`/session/${String(w.session.id)}/message/${String(first.json.id)}`);
    const second = await post(w, "client", "Better, thank you.");
    expect(second.status).toBe(201);
    const third = await post(w, "staff", "Your next session is booked.");
    expect(third.status).toBe(201);

    for (const who of ["client", "carer", "staff", "inst"] as const) {
      const r = await read(w, who);
      expect(r.status, `${who}: ${r.text}`).toBe(200);
      expect(r.json.totalElements).toBe(3);
      expect(r.json.content.map((m: { text: string }) => m.text)).toEqual([
        "Hello, how was the week?",
        "Better, thank you.",
        "Your next session is booked.",
      ]);
      expect(r.json.content.map((m: { author: { role: string } }) => m.author.role)).toEqual([
        "CAREGIVER",
        "CLIENT",
        "CLINIC",
      ]);
      expect(r.json.content.map((m: { mine: boolean }) => m.mine)).toEqual([
        who === "carer",
        who === "client",
        who === "staff",
      ]);
    }
    const client = await read(w, "client");
    expect(client.json.content[1].author.name).toBe(w.client.name);
    expect(client.json.content[2].author.name).toBe(w.staff.name);
  });

  it("writes dates in the offset header's zone, in the contract's format", async () => {
    const w = await makeWorld();
    const posted = await post(w, "carer", "Zones", w.session.id, { offset: "+05:30" });
    expect(posted.status).toBe(201);
    const row = await db.message.findUniqueOrThrow({ where: { id: posted.json.id }, select: { createdAt: true } });
    expect(posted.json.createDate).toBe(formatDate(row.createdAt, 330));
    const minus = await read(w, "client", "", w.session.id, { offset: "-5" });
    expect(minus.json.content[0].createDate).toBe(formatDate(row.createdAt, -300));
    expect(minus.json.content[0].createDate).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    const list = await conversations(w, "client", `?sessionId=${String(w.session.id)}`);
    expect(list.json.content[0].lastMessageDate).toBe(formatDate(row.createdAt, 0));
    expectProblem(await read(w, "client", "", w.session.id, { offset: "+15" }), 400);
  });

  it("pages oldest first, and `after` gives only the newer messages (polling)", async () => {
    const w = await makeWorld();
    const ids: number[] = [];
    for (const text of ["one", "two", "three", "four", "five"]) ids.push((await post(w, "carer", text)).json.id);
    const page1 = await read(w, "client", "?page=1&size=2");
    expect(page1.json).toMatchObject({ page: 1, size: 2, totalElements: 5, totalPages: 3 });
    expect(page1.json.content.map((m: { text: string }) => m.text)).toEqual(["three", "four"]);
    const after = await read(w, "client", `?after=${String(ids[2])}`);
    expect(after.json.content.map((m: { text: string }) => m.text)).toEqual(["four", "five"]);
    expect(after.json.totalElements).toBe(2);
    const none = await read(w, "client", `?after=${String(ids[4])}`);
    expect(none.status).toBe(200);
    expect(none.json.content).toEqual([]);
    const late = await post(w, "carer", "six");
    const poll = await read(w, "client", `?after=${String(ids[4])}`);
    expect(poll.json.content.map((m: { id: number }) => m.id)).toEqual([late.json.id]);
    expectProblem(await read(w, "client", "?after=abc"), 400, "query.after");
    expectProblem(await read(w, "client", "?after=0"), 400, "query.after");
  });

  it("`order=newest` gives the latest messages first, and `before` the ones before the oldest shown", async () => {
    const w = await makeWorld();
    const ids: number[] = [];
    for (const text of ["one", "two", "three", "four", "five"]) ids.push((await post(w, "carer", text)).json.id);
    const texts = (r: { json: { content: { text: string }[] } }) => r.json.content.map((m) => m.text);
    const latest = await read(w, "client", "?order=newest&size=2");
    expect(latest.status, latest.text).toBe(200);
    expect(texts(latest)).toEqual(["five", "four"]);
    expect(latest.json).toMatchObject({ page: 0, size: 2, totalElements: 5, totalPages: 3 });
    const earlier = await read(w, "client", `?order=newest&size=2&before=${String(ids[3])}`);
    expect(texts(earlier)).toEqual(["three", "two"]);
    expect(earlier.json.totalElements).toBe(3);
    const first = await read(w, "client", `?order=newest&size=2&before=${String(ids[1])}`);
    expect(texts(first)).toEqual(["one"]);
    expect(first.json.totalElements).toBe(1);
    // Both bounds at once, in either order; oldest first stays the default.
    expect(texts(await read(w, "client", `?before=${String(ids[4])}&after=${String(ids[1])}`))).toEqual([
      "three",
      "four",
    ]);
    expect(texts(await read(w, "client", `?order=oldest&size=2`))).toEqual(["one", "two"]);
    // Reading back does not move the read mark back: the newest read stays read.
    const mark = () =>
      db.messageRead.findFirstOrThrow({ where: { sessionId: w.session.id, account: { username: `client-${w.u}` } } });
    await read(w, "client", "?order=newest&size=1");
    expect((await mark()).lastReadMessageId).toBe(ids[4]);
    await read(w, "client", `?order=newest&size=1&before=${String(ids[2])}`);
    expect((await mark()).lastReadMessageId).toBe(ids[4]);
    const before = await written(w.session.id);
    expectProblem(await read(w, "client", "?order=latest"), 400, "query.order");
    expectProblem(await read(w, "client", "?before=0"), 400, "query.before");
    expectProblem(await read(w, "client", "?before=x"), 400, "query.before");
    expect(await written(w.session.id)).toEqual(before);
  });

  it("marks the conversation read up to the newest message of a newest-first page", async () => {
    const w = await makeWorld();
    await post(w, "carer", "one");
    await post(w, "carer", "two");
    const last = await post(w, "carer", "three");
    const unread = async () =>
      (await conversations(w, "client", `?sessionId=${String(w.session.id)}`)).json.content[0].unread;
    expect(await unread()).toBe(3);
    await read(w, "client", "?order=newest&size=2");
    expect(await unread()).toBe(0);
    const mark = await db.messageRead.findFirstOrThrow({
      where: { sessionId: w.session.id, account: { username: `client-${w.u}` } },
    });
    expect(mark.lastReadMessageId).toBe(last.json.id);
  });

  it("polling with `after` misses no message when two are posted at once and the first to get its id commits last", async () => {
    const w = await makeWorld();
    const { id: clientAccount } = await db.account.findFirstOrThrow({ where: { clientId: w.client.id } });
    const ids = (r: { json: { content: { id: number }[] } }) => r.json.content.map((m) => m.id);
    // Another transaction holds the client's pending message notice, so the carer's post, which
    // queues that notice after its message has its id, waits before it commits.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let holding: (pid: number) => void = () => {};
    const held = new Promise<number>((r) => (holding = r));
    const blocker = db
      .$transaction(
        async (tx) => {
          await enqueue(
            tx,
            "message-notice",
            { sessionId: w.session.id, accountId: clientAccount },
            {
              jobKey: `message-notice:${String(w.session.id)}:${String(clientAccount)}`,
              jobKeyMode: "preserve_run_at",
            },
          );
          const [me] = await tx.$queryRaw<{ pid: number }[]>`select pg_backend_pid() as pid`;
          holding(me?.pid ?? 0);
          await released;
          throw new Error("rolled back: the notice was only held");
        },
        { timeout: 30_000 },
      )
      .catch((e: unknown) => e);
    const blockerPid = await Promise.race([held, blocker.then((e) => Promise.reject(e as Error))]);
    const seen: number[] = [];
    let answers: { status: number; json: { id: number } }[] = [];
    try {
      const first = post(w, "carer", "first");
      const [carerPid] = await untilWaitingOnLock(blockerPid, "%", { withinMs: 10_000 }).catch(() => {
        throw new Error("the carer's post did not wait for the held notice within 10 s");
      });
      if (carerPid === undefined) throw new Error("no backend of the carer's post");
      // The client's post queues only the carer's notice: nothing of the blocker's holds it (it
      // answers, or waits for the carer's post to commit).
      const second = post(w, "client", "second");
      await Promise.race([untilWaitingOnLock(carerPid, "%", { withinMs: 10_000 }), second]).catch(() => undefined);
      seen.push(...ids(await read(w, "staff")));
      release();
      answers = await Promise.all([first, second]);
    } finally {
      release();
      await blocker;
    }
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const last = seen.at(-1);
    seen.push(...ids(await read(w, "staff", last === undefined ? "" : `?after=${String(last)}`)));
    expect(seen).toEqual(answers.map((r) => r.json.id).sort((x, y) => x - y));
  });
});

describe("reads are recorded and mark the conversation read", () => {
  it("writes a READ_MESSAGES row for a read that returned messages, and none for an empty poll", async () => {
    const w = await makeWorld();
    const audit = () =>
      db.auditLog.findMany({
        where: { action: "READ_MESSAGES", targetId: w.session.id },
        select: { accountId: true, clinicId: true },
      });
    // Nothing to read yet: no row.
    expect((await read(w, "client")).json.content).toEqual([]);
    expect(await audit()).toEqual([]);
    const m = await post(w, "carer", "Hello");
    expect(await audit()).toEqual([]);
    await read(w, "client");
    const clientAccount = await db.account.findUniqueOrThrow({ where: { username: `client-${w.u}` } });
    expect(await audit()).toEqual([{ accountId: clientAccount.id, clinicId: w.clinic.id }]);
    // A poll that returns nothing read no message.
    expect((await read(w, "client", `?after=${String(m.json.id)}`)).json.content).toEqual([]);
    expect(await audit()).toHaveLength(1);
    await read(w, "staff");
    expect(await audit()).toHaveLength(2);
  });

  it("unread counts count the others' messages after the last read, and go down after reading", async () => {
    const w = await makeWorld();
    const unreadOf = async (who: Who) =>
      (await conversations(w, who, `?sessionId=${String(w.session.id)}`)).json.content[0].unread;
    await post(w, "carer", "one");
    await post(w, "carer", "two");
    await post(w, "client", "mine");
    expect(await unreadOf("client")).toBe(2);
    expect(await unreadOf("carer")).toBe(1);
    expect(await unreadOf("staff")).toBe(3);
    const onlyUnread = await conversations(w, "client", "?unread=true");
    expect(onlyUnread.json.content.map((c: { sessionId: number }) => c.sessionId)).toEqual([w.session.id]);
    expect(onlyUnread.json.content[0]).toMatchObject({
      chatId: expect.any(String),
      title: w.session.title,
      clientName: w.client.name,
      isClosed: false,
      unread: 2,
    });
    // Reading the first page (of one message) reads only that one.
    await read(w, "client", "?size=1");
    expect(await unreadOf("client")).toBe(1);
    await read(w, "client");
    expect(await unreadOf("client")).toBe(0);
    expect((await conversations(w, "client", "?unread=true")).json.content).toEqual([]);
    // An older page read later does not make newer messages unread again.
    await post(w, "carer", "three");
    await read(w, "client", "?page=1&size=1");
    const mark = await db.messageRead.findFirstOrThrow({
      where: { sessionId: w.session.id, account: { username: `client-${w.u}` } },
    });
    await read(w, "client", "?page=0&size=1");
    const again = await db.messageRead.findFirstOrThrow({
      where: { sessionId: w.session.id, account: { username: `client-${w.u}` } },
    });
    expect(again.lastReadMessageId).toBe(mark.lastReadMessageId);
    expect(await unreadOf("client")).toBe(1);
  });

  it("counts the unread messages over every conversation of the caller, with no title and no audit row", async () => {
    const w = await makeWorld();
    const second = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Second ${w.u}`,
      startAt: new Date(),
    });
    const count = async (who: Who) =>
      (await api("/gateway/profile/conversation/unread", { token: await w.token(who) })).json;
    expect(await count("client")).toEqual({ unread: 0, conversations: 0 });
    await post(w, "carer", "one");
    await post(w, "carer", "two");
    await post(w, "staff", "three", second.id);
    await post(w, "client", "mine");
    expect(await count("client")).toEqual({ unread: 3, conversations: 2 });
    expect(await count("carer")).toEqual({ unread: 2, conversations: 2 });
    // Outside the client's care team: none of it.
    expect(await count("outsider")).toEqual({ unread: 0, conversations: 0 });
    await read(w, "client");
    expect(await count("client")).toEqual({ unread: 1, conversations: 1 });
    // Only the read of the messages is recorded, never the count.
    const client = await db.account.findFirstOrThrow({ where: { username: `client-${w.u}` }, select: { id: true } });
    const rows = await db.auditLog.findMany({ where: { accountId: client.id }, select: { action: true } });
    expect(rows).toEqual([{ action: "READ_MESSAGES" }]);
  });

  it("lists the conversations of the caller's scope only, most recent message first", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const older = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Older ${w.u}`,
      startAt: new Date(Date.now() - 20 * 86_400_000),
      closed: true,
    });
    await post(w, "carer", "hello");
    for (const who of ["client", "carer", "staff", "inst"] as const) {
      const r = await conversations(w, who);
      expect(r.status).toBe(200);
      expect(r.json.content.map((c: { sessionId: number }) => c.sessionId)).toEqual([w.session.id, older.id]);
      expect(r.json.content[1]).toMatchObject({ isClosed: true, lastMessageDate: null, unread: 0 });
    }
    expect((await conversations(w, "outsider")).json.content).toEqual([]);
    expect((await conversations(other, "client", `?sessionId=${String(w.session.id)}`)).json.content).toEqual([]);
    expectProblem(await conversations(w, "client", "?unread=yes"), 400, "query.unread");
  });

  it("lists sessions without a message after those with one: started ones latest first, then those to come soonest first", async () => {
    const w = await makeWorld();
    const DAY = 86_400_000;
    const session = (title: string, days: number) =>
      makeSession(db, {
        clinicId: w.clinic.id,
        clientId: w.client.id,
        caregiverId: w.carer.id,
        title: `${title} ${w.u}`,
        startAt: new Date(Date.now() + days * DAY),
      });
    // Made in this order, so that the order they were made in is not the answer.
    const inThreeWeeks = await session("In three weeks", 21);
    const nextWeek = await session("Next week", 7);
    const lastMonth = await session("Last month", -30);
    const lastWeek = await session("Last week", -7);
    await post(w, "carer", "hello", lastMonth.id);
    const r = await conversations(w, "client");
    expect(r.status).toBe(200);
    // The world's own session started a few days ago, after last week's.
    const own = await db.session.findUniqueOrThrow({ where: { id: w.session.id }, select: { startAt: true } });
    expect(own.startAt.getTime()).toBeGreaterThan(Date.now() - 7 * DAY);
    expect(own.startAt.getTime()).toBeLessThan(Date.now());
    expect(r.json.content.map((c: { sessionId: number }) => c.sessionId)).toEqual([
      lastMonth.id,
      w.session.id,
      lastWeek.id,
      nextWeek.id,
      inThreeWeeks.id,
    ]);
  });
});

describe("refusals change nothing", () => {
  it("answers 404 outside the care team, the clinic, the institute, and to another client", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    // The message's notice would record, 3 s later, where the client and the care team were told
    // (a MessageRead row), on a slow host between the two counts (seen by reading, 2026-12-06):
    // what is checked here is that the refusals change nothing, so nobody of the world is told.
    await db.client.updateMany({ where: { clinicId: w.clinic.id }, data: { messageNoticesOn: false } });
    await db.caregiver.updateMany({ where: { instituteId: w.institute.id }, data: { messageNoticesOn: false } });
    await post(w, "carer", "Private");
    const before = await written(w.session.id);
    const outsiders: [World, Who][] = [
      [w, "outsider"],
      [other, "client"],
      [other, "carer"],
      [other, "staff"],
      [other, "inst"],
    ];
    for (const [world, who] of outsiders) {
      expectProblem(await read(world, who, "", w.session.id), 404);
      expectProblem(await post(world, who, "Let me in", w.session.id), 404);
    }
    expectProblem(await read(w, "client", "", 2_147_483_000), 404);
    expectProblem(await post(w, "client", "Nobody", 2_147_483_000), 404);
    expect(await written(w.session.id)).toEqual(before);
  });

  it("a caregiver removed from the clinic no longer reads the conversation", async () => {
    const w = await makeWorld();
    await post(w, "carer", "Before");
    await db.caregiverClinic.deleteMany({ where: { caregiverId: w.carer.id, clinicId: w.clinic.id } });
    expectProblem(await read(w, "carer"), 404);
  });

  it("refuses a blank, empty, too long or missing text with problem+json, storing nothing", async () => {
    const w = await makeWorld();
    const before = await written(w.session.id);
    for (const text of ["", "   \n\t ", "x".repeat(4001), 42, null, "a\u0000b"]) {
      expectProblem(await post(w, "client", text), 400, "text");
    }
    expectProblem(await api(messagesOf(w.session.id), { token: await w.token("client"), body: {} }), 400, "text");
    expectProblem(
      await api(messagesOf(w.session.id), {
        token: await w.token("client"),
        rawBody: "text=hi",
        headers: { "content-type": "text/plain" },
      }),
      415,
    );
    expect((await post(w, "client", "x".repeat(4000))).status).toBe(201);
    expect((await written(w.session.id)).messages).toBe(before.messages + 1);
  });

  it("answers 409 to a message in a closed session, storing nothing; its conversation stays readable", async () => {
    const w = await makeWorld();
    const closed = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Closed ${w.u}`,
      startAt: new Date(Date.now() - 20 * 86_400_000),
      closed: true,
    });
    for (const who of ["client", "carer", "staff"] as const) expectProblem(await post(w, who, "Late", closed.id), 409);
    expect((await written(closed.id)).messages).toBe(0);
    expect((await read(w, "client", "", closed.id)).status).toBe(200);
  });

  // Found by the review as an attacker on the pages (2026-12-06), beside the documents' bound: a
  // client could post 4,000-character messages without end, growing the one database of every
  // institute. A session's conversation holds at most MAX_SESSION_MESSAGES; past that, 409.
  it(`answers 409 past ${MAX_SESSION_MESSAGES} messages in a session, storing nothing`, async () => {
    const w = await makeWorld();
    const s = await makeSession(db, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId: w.carer.id,
      title: `Talkative ${w.u}`,
      startAt: new Date(Date.now() - 3_600_000),
    });
    const client = await db.account.findFirstOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
    await db.message.createMany({
      data: Array.from({ length: MAX_SESSION_MESSAGES - 1 }, (_, i) => ({
        sessionId: s.id,
        authorAccountId: client.id,
        text: `Message ${String(i)}`,
      })),
    });
    expect((await post(w, "client", "The last one", s.id)).status).toBe(201);
    expectProblem(await post(w, "client", "One more", s.id), 409, "session");
    expectProblem(await post(w, "carer", "And mine", s.id), 409, "session");
    expect((await written(s.id)).messages).toBe(MAX_SESSION_MESSAGES);
  });

  it("answers 401 without a token", async () => {
    const w = await makeWorld();
    expectProblem(await api(messagesOf(w.session.id)), 401);
    expectProblem(await api(messagesOf(w.session.id), { body: { text: "hi" } }), 401);
    expectProblem(await api("/gateway/profile/conversation"), 401);
    expectProblem(await api("/gateway/profile/conversation/unread"), 401);
  });

  it("replays a retry with the same Idempotency-Key; the same key with another body is 409", async () => {
    const w = await makeWorld();
    const key = { "idempotency-key": `msg-${w.u}` };
    const first = await post(w, "client", "Once", w.session.id, key);
    const retry = await post(w, "client", "Once", w.session.id, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    expect(retry.json).toEqual(first.json);
    expectProblem(await post(w, "client", "Twice", w.session.id, key), 409);
    expect((await written(w.session.id)).messages).toBe(1);
  });
});
