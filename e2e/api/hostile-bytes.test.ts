import { describe, expect, it } from "vitest";
import { webLogin } from "./support/web-login";
import { api, baseUrl, clinicRowCounts, db, makeWorld, uid, type World } from "./support/world";

// Bytes no operation can store or read (a NUL character, malformed %-encoding in a cookie, ids
// past 32 bits, nesting 2,000 deep) are each a 400 naming the field (the cookie is ignored), never
// a 500, and change nothing.
const NUL = "\u0000";

async function homework(w: World) {
  return db.assignment.findMany({
    where: { sessionId: w.session.id },
    orderBy: { id: "asc" },
    select: { status: true, feedbackStatus: true, _count: { select: { answers: true, autoSaveAnswers: true } } },
  });
}

const refusedAt = (
  r: { status: number; headers: Headers; json: { errors: { path: string }[] }; text: string },
  path: string,
) => {
  expect(r.status, r.text).toBe(400);
  expect(r.headers.get("content-type")).toContain("application/problem+json");
  expect(r.json.errors.map((e) => e.path)).toContain(path);
};

describe("a NUL character in a string", () => {
  it("is a 400 naming the field on every operation that stores or searches text, and changes nothing", async () => {
    const w = await makeWorld();
    const [staff, carer, client] = [await w.token("staff"), await w.token("carer"), await w.token("client")];
    const [, inProgress, waiting] = w.session.assignmentIds;
    const before = { rows: await clinicRowCounts(w.clinic.id), homework: await homework(w) };
    const newClient = (over: Record<string, unknown>) => ({
      name: "Nul",
      email: `nul-${uid()}@x.test`,
      caregiverList: [w.caregiver.id],
      ...over,
    });

    refusedAt(
      await api("/gateway/profile/clinic/client", { token: staff, body: newClient({ name: `Ann${NUL}e` }) }),
      "name",
    );
    refusedAt(
      await api("/gateway/profile/clinic/client", { token: staff, body: newClient({ externalClientId: `X${NUL}` }) }),
      "externalClientId",
    );
    refusedAt(
      await api("/gateway/profile/clinic/client", {
        token: staff,
        body: newClient({ session: { caregiverId: w.caregiver.id, title: `T${NUL}` } }),
      }),
      "session.title",
    );
    refusedAt(
      await api("/gateway/profile/clinic/client", { token: staff, body: { ...newClient({}), [`ke${NUL}y`]: 1 } }),
      "ke\\u0000y",
    );
    refusedAt(
      await api(`/gateway/profile/clinic/client?search=${encodeURIComponent(`a${NUL}b`)}`, { token: staff }),
      "query.search",
    );
    refusedAt(
      await api(`/gateway/profile/client/assignment/${inProgress}/autosave`, {
        method: "PUT",
        token: client,
        body: { answers: [{ questionKey: "q1", value: { text: `x${NUL}` } }] },
      }),
      "answers.0.value.text",
    );
    refusedAt(
      await api(`/gateway/profile/client/assignment/${inProgress}/autosave`, {
        method: "PUT",
        token: client,
        body: { answers: [{ questionKey: "q1", value: { [`k${NUL}`]: 1 } }] },
      }),
      "answers.0.value.k\\u0000",
    );
    refusedAt(
      await api(`/gateway/profile/client/assignment/${inProgress}/submit`, {
        token: client,
        body: { answers: [{ questionKey: `q${NUL}`, value: 1 }] },
      }),
      "answers.0.questionKey",
    );
    refusedAt(
      await api(`/gateway/profile/caregiver/assignment/${waiting}/feedback`, {
        token: carer,
        body: { text: `good${NUL}` },
      }),
      "text",
    );
    refusedAt(
      await api(`/gateway/profile/caregiver/session/${w.session.id}/feedback`, {
        token: carer,
        body: { text: `good${NUL}` },
      }),
      "text",
    );

    expect(await clinicRowCounts(w.clinic.id)).toEqual(before.rows);
    expect(await homework(w)).toEqual(before.homework);
  });

  it("in the token operation's username (form, JSON or query) is a 400 in OAuth shape", async () => {
    const w = await makeWorld();
    const form = await api("/gateway/uaa/oauth/token", {
      rawBody: new URLSearchParams({
        grant_type: "password",
        username: `staff-${w.u}${NUL}`,
        password: w.password,
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status, form.text).toBe(400);
    expect(form.json).toMatchObject({ error: "invalid_request", errors: [{ path: "username" }] });
    const json = await api("/gateway/uaa/oauth/token", {
      body: { grant_type: "password", username: `${NUL}staff-${w.u}`, password: w.password },
    });
    expect(json.status, json.text).toBe(400);
    const query = await api(
      `/gateway/uaa/oauth/token?grant_type=password&username=staff-${w.u}%00&password=${w.password}`,
      { method: "POST" },
    );
    expect(query.status, query.text).toBe(400);
    const revoke = await api("/gateway/uaa/oauth/revoke", {
      rawBody: `token=abc%00def`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(revoke.status, revoke.text).toBe(400);
  });

  it("in the web sign-in's username is a failed sign-in, not a 500", async () => {
    const w = await makeWorld();
    expect(await webLogin(`staff-${w.u}${NUL}`, w.password)).toBeNull();
    const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
    const cookie = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { csrfToken } = await csrf.json();
    const r = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrfToken, username: NUL, password: "x", json: "true" }),
    });
    expect(r.status).toBeLessThan(500);
    // The account still signs in with its real name.
    expect(await webLogin(`staff-${w.u}`, w.password)).not.toBeNull();
  });
});

describe("a cookie with malformed %-encoding", () => {
  it("is ignored: without a token it is the plain 401, beside a web session the session still reads", async () => {
    for (const cookie of ["a=%", "a=%E0%A4%A", "next-auth.session-token=%zz", "x=%; y=%%"]) {
      const r = await api("/gateway/profile/clinic/client", { headers: { cookie } });
      expect(r.status, `${cookie}: ${r.text}`).toBe(401);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
    }
    const w = await makeWorld();
    const session = await webLogin(`staff-${w.u}`, w.password);
    expect(session).not.toBeNull();
    const r = await api("/gateway/profile/clinic/client", { headers: { cookie: `a=%; ${session}; b=%E0%A4%A` } });
    expect(r.status, r.text).toBe(200);
  });
});

describe("an id beyond 32 bits", () => {
  it("is a 400 naming it in the query, the path and the body", async () => {
    const w = await makeWorld();
    const [staff, carer] = [await w.token("staff"), await w.token("carer")];
    const before = await clinicRowCounts(w.clinic.id);
    refusedAt(await api("/gateway/profile/caregiver/session?clientId=9999999999", { token: carer }), "query.clientId");
    for (const op of ["book", "design-plan", "caregiver", "audit", "client"]) {
      refusedAt(await api(`/gateway/profile/clinic/${op}?clinicId=9999999999`, { token: staff }), "query.clinicId");
    }
    refusedAt(await api("/gateway/profile/clinic/client/9999999999", { token: staff }), "path.id");
    refusedAt(
      await api("/gateway/profile/clinic/client", {
        token: staff,
        body: { name: "Big", email: `big-${uid()}@x.test`, caregiverList: [2 ** 31] },
      }),
      "caregiverList.0",
    );
    refusedAt(
      await api("/gateway/profile/clinic/client", {
        token: staff,
        body: { name: "Big", email: `big-${uid()}@x.test`, session: { caregiverId: 9_999_999_999, bookIdList: [] } },
      }),
      "session.caregiverId",
    );
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before);
  });
});

describe("an answer nested 2,000 deep", () => {
  it("is a 400 naming where it gets too deep, and saves nothing; 20 levels are fine", async () => {
    const w = await makeWorld();
    const client = await w.token("client");
    const inProgress = w.session.assignmentIds[1];
    const before = await homework(w);
    const nested = (depth: number) => JSON.parse("[".repeat(depth) + "1" + "]".repeat(depth));
    for (const [op, method] of [
      ["autosave", "PUT"],
      ["submit", "POST"],
    ] as const) {
      const r = await api(`/gateway/profile/client/assignment/${inProgress}/${op}`, {
        method,
        token: client,
        body: { answers: [{ questionKey: "q1", value: nested(2000) }] },
      });
      expect(r.status, r.text).toBe(400);
      expect(r.json.errors[0].path).toMatch(/^answers\.0\.value(\.0)+$/);
      expect(r.json.errors[0].message).toMatch(/deeper than 32/);
    }
    expect(await homework(w)).toEqual(before);
    // 20 levels pass the depth check and reach the module's own check: q1 is a text, not a list.
    const shallow = await api(`/gateway/profile/client/assignment/${inProgress}/autosave`, {
      method: "PUT",
      token: client,
      body: { answers: [{ questionKey: "q1", value: nested(20) }] },
    });
    expect(shallow.status, shallow.text).toBe(400);
    expect(shallow.json.errors).toEqual([{ path: "answers.0.value", message: "must be text" }]);
  });
});

describe("a request path with malformed %-encoding", () => {
  // Next.js cannot decode such a path into route parameters; the server answers it before Next.js.
  const gatewayPaths: [string, string][] = [
    ["GET", "/gateway/profile/clinic/client/%FF"],
    ["GET", "/gateway/profile/caregiver/session/%C0"],
    ["GET", "/gateway/profile/clinic/client/%E0%A4%A/image"],
    ["GET", "/gateway/%FF"],
    ["GET", "/gateway/profile/clinic/client/%ED%A0%80"],
    ["POST", "/gateway/profile/client/assignment/%FF/submit"],
    ["PUT", "/gateway/profile/client/assignment/1%C0/autosave"],
  ];

  it("is a 400 problem+json with X-Request-Id on the gateway, with or without a token, and changes nothing", async () => {
    const w = await makeWorld();
    const [staff, client] = [await w.token("staff"), await w.token("client")];
    const before = { rows: await clinicRowCounts(w.clinic.id), homework: await homework(w) };
    for (const [method, path] of gatewayPaths) {
      for (const token of [undefined, staff, client]) {
        const r = await api(path, {
          method,
          token,
          headers: { "x-request-id": `bad-path-${w.u}` },
          ...(method === "GET" ? {} : { body: { answers: [{ questionKey: "q1", value: 1 }] } }),
        });
        expect(r.status, `${method} ${path}: ${r.text}`).toBe(400);
        expect(r.headers.get("content-type")).toBe("application/problem+json");
        expect(r.json).toMatchObject({ type: "/docs#problem-bad_request", title: "Bad Request", status: 400 });
        expect(r.json.detail).toMatch(/%-encoding/);
        expect(r.headers.get("x-request-id")).toBe(`bad-path-${w.u}`);
      }
    }
    const fresh = await api("/gateway/%FF");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await clinicRowCounts(w.clinic.id)).toEqual(before.rows);
    expect(await homework(w)).toEqual(before.homework);
    // A well-formed path beside them still reads.
    expect((await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: staff })).status).toBe(200);
  });

  it("is answered even when the request carries a large body (the client may finish sending it)", async () => {
    // Found by the hostile run: a body of megabytes to a malformed path met a closed socket (EPIPE), so
    // the caller saw a network failure instead of the 400.
    const w = await makeWorld();
    const token = await w.token("carer");
    const big = JSON.stringify({ text: "x".repeat(6_000_000), score: 1 });
    for (let i = 0; i < 5; i++) {
      const r = await api("/gateway/profile/caregiver/assignment/%FF/feedback", {
        method: "POST",
        token,
        rawBody: big,
      });
      expect(r.status, r.text).toBe(400);
      expect(r.json.detail).toMatch(/%-encoding/);
    }
  });

  it("is a plain 400 page elsewhere", async () => {
    for (const path of ["/client/%FF", "/%C0", "/signin/%E0%A4%A"]) {
      const r = await api(path);
      expect(r.status, `${path}: ${r.text}`).toBe(400);
      expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(r.text).toMatch(/Bad Request/);
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("a lone UTF-16 surrogate in a string or key", () => {
  // JSON may carry "\ud800" unpaired; it is not Unicode text: jsonb refuses it, text columns would
  // silently turn it into U+FFFD. Refused like the NUL character, naming the field.
  it("is a 400 naming the field on every operation that stores text, and nothing is stored", async () => {
    const w = await makeWorld();
    const [staff, carer, client] = [await w.token("staff"), await w.token("carer"), await w.token("client")];
    const [, inProgress, waiting] = w.session.assignmentIds;
    const feedback = () => db.feedback.count({ where: { sessionId: w.session.id } });
    const before = {
      rows: await clinicRowCounts(w.clinic.id),
      homework: await homework(w),
      feedback: await feedback(),
    };
    const autosave = (answers: unknown) =>
      api(`/gateway/profile/client/assignment/${inProgress}/autosave`, {
        method: "PUT",
        token: client,
        body: { answers },
      });

    refusedAt(await autosave([{ questionKey: "q1", value: "\ud800" }]), "answers.0.value");
    refusedAt(await autosave([{ questionKey: "q1", value: { text: "a\udfffb" } }]), "answers.0.value.text");
    refusedAt(await autosave([{ questionKey: "q\ud800", value: 1 }]), "answers.0.questionKey");
    refusedAt(await autosave([{ questionKey: "q1", value: { ["k\ud800"]: 1 } }]), "answers.0.value.k\\ud800");
    refusedAt(
      await api(`/gateway/profile/client/assignment/${inProgress}/submit`, {
        token: client,
        body: { answers: [{ questionKey: "q1", value: "\udfff" }] },
      }),
      "answers.0.value",
    );
    refusedAt(
      await api(`/gateway/profile/caregiver/session/${w.session.id}/feedback`, {
        token: carer,
        body: { text: "lone \ud800 surrogate" },
      }),
      "text",
    );
    refusedAt(
      await api(`/gateway/profile/caregiver/assignment/${waiting}/feedback`, {
        token: carer,
        body: { text: "good\udc00" },
      }),
      "text",
    );
    refusedAt(
      await api("/gateway/profile/clinic/client", {
        token: staff,
        body: { name: "Ann\ud800", email: `lone-${uid()}@x.test`, caregiverList: [w.caregiver.id] },
      }),
      "name",
    );
    refusedAt(
      await api("/gateway/profile/clinic/client", {
        token: staff,
        body: { name: "Ann", email: `lone-${uid()}@x.test`, caregiverList: [w.caregiver.id], ["x\udbff"]: 1 },
      }),
      "x\\udbff",
    );

    expect(await clinicRowCounts(w.clinic.id)).toEqual(before.rows);
    expect(await homework(w)).toEqual(before.homework);
    expect(await feedback()).toBe(before.feedback);
    // A surrogate pair is one character (an emoji) and is fine.
    const emoji = await autosave([{ questionKey: "q1", value: "ok \ud83d\ude00" }]);
    expect(emoji.status, emoji.text).toBe(200);
  });
});
