// Found by the review as a privacy officer (2026-12-06): the gateway's JSON answers carried no
// Cache-Control, so a browser kept them in its disk cache. Chromium's cache directory, after a
// caregiver's pages had read a session and the feedback-due list, held the session's messages and
// feedback and the list's clients' names with their PHQ-9 scores and bands, for whoever used the
// computer next (an image and a document were already `private, no-store`). Every answer to a
// signed-in caller is now `private, no-store`: no shared or disk cache keeps a copy, and every view
// is a read of the gateway, with its audit row.
import { describe, expect, it } from "vitest";
import { api, makeWorld } from "./support/world";
import { webLogin } from "./support/web-login";

/** Whether an answer may be kept by no cache at all, shared or the browser's own. */
const keptByNoCache = (headers: Headers) => {
  const directives = (headers.get("cache-control") ?? "").split(",").map((d) => d.trim().toLowerCase());
  return directives.includes("no-store") && directives.includes("private");
};

describe("answers with health data are kept by no cache", () => {
  it("every read of a session, a client, their lists, messages, scores and the audit log is private, no-store", async () => {
    const w = await makeWorld();
    const sid = String(w.session.id);
    const cid = String(w.client.id);
    const carer = await w.token("carer");
    const staff = await w.token("staff");
    const client = await w.token("client");
    const message = await api(`/gateway/profile/session/${sid}/message`, {
      token: client,
      body: { text: "I could not sleep after the panic attack on Tuesday" },
    });
    expect(message.status, message.text).toBe(201);
    const test = await api(`/gateway/profile/caregiver/session/${sid}`, { token: carer });
    const scored = (test.json.assignments as { id: number; isTest: boolean; status: string }[]).find(
      (a) => a.isTest && a.status === "COMPLETE",
    );
    expect(scored).toBeDefined();

    const reads: [who: string, token: string, path: string][] = [
      ["carer", carer, `/gateway/profile/caregiver/session/${sid}`],
      ["carer", carer, `/gateway/profile/caregiver/session?clientId=${cid}`],
      ["carer", carer, "/gateway/profile/caregiver/assignment"],
      ["carer", carer, "/gateway/profile/caregiver/alert"],
      ["carer", carer, "/gateway/profile/caregiver/client"],
      ["carer", carer, `/gateway/profile/caregiver/assignment/${String(scored!.id)}/result`],
      ["carer", carer, `/gateway/profile/caregiver/session/${sid}/assignment-timing`],
      ["carer", carer, `/gateway/profile/session/${sid}/message`],
      ["carer", carer, `/gateway/profile/session/${sid}/document`],
      ["carer", carer, "/gateway/profile/conversation"],
      ["carer", carer, `/gateway/profile/clinic/client/${cid}`],
      ["carer", carer, `/gateway/profile/clinic/client/${cid}/measures`],
      ["staff", staff, `/gateway/profile/clinic/client?search=${encodeURIComponent(w.client.name)}`],
      ["staff", staff, `/gateway/profile/clinic/audit?clientId=${cid}`],
      ["client", client, "/gateway/profile/client/assignment?time-state=RUNNING"],
      ["client", client, "/gateway/profile/client/finished-assignment"],
      ["client", client, "/gateway/profile/client/assignment-timing?time-state=RUNNING"],
    ];
    const cached: string[] = [];
    for (const [who, token, path] of reads) {
      const r = await api(path, { token });
      expect(r.status, `${who} ${path}: ${r.text}`).toBe(200);
      if (!keptByNoCache(r.headers)) cached.push(`${who} ${path}: ${r.headers.get("cache-control") ?? "(none)"}`);
    }
    expect(cached).toEqual([]);
  });

  it("the pages' own reads (web session cookie) and a write's answer are private, no-store too", async () => {
    const w = await makeWorld();
    const sid = String(w.session.id);
    const cookie = await webLogin(`carer-${w.u}`, w.password);
    expect(cookie).not.toBeNull();
    const detail = await api(`/gateway/profile/caregiver/session/${sid}`, { headers: { cookie: cookie! } });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.text).toContain(w.client.name);
    expect(detail.headers.get("cache-control")).toBe("private, no-store");
    // The answer to a post is the message, its text included.
    const posted = await api(`/gateway/profile/session/${sid}/message`, {
      token: await w.token("client"),
      body: { text: "The exposure exercise made me cry" },
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.headers.get("cache-control")).toBe("private, no-store");
  });
});
