import { describe, expect, it } from "vitest";
import { api, makeWorld } from "./support/world";

describe("a second clinic's token reads nothing of the first", () => {
  it("answers 404 or an empty list for every read of another clinic's data", async () => {
    const a = await makeWorld();
    const b = await makeWorld();
    for (const who of ["staff", "carer", "inst"] as const) {
      const token = await b.token(who);
      for (const path of [
        `/gateway/profile/caregiver/session/${a.session.id}`,
        `/gateway/profile/clinic/client/${a.client.id}`,
        `/gateway/profile/clinic/client/${a.client.id}/image`,
      ]) {
        const r = await api(path, { token });
        expect([403, 404], `${who} ${path}`).toContain(r.status);
        expect(r.text).not.toContain(a.u);
      }
    }
    const staff = await b.token("staff");
    for (const path of [
      "/gateway/profile/clinic/client",
      "/gateway/profile/clinic/caregiver",
      "/gateway/profile/clinic/design-plan",
      "/gateway/profile/clinic/book",
      "/gateway/profile/caregiver/session",
    ]) {
      const r = await api(path, { token: staff });
      expect(r.status, path).toBe(200);
      expect(r.text, path).not.toContain(a.u);
      expect(r.json.content.length, path).toBeGreaterThan(0);
    }
    const carer = await b.token("carer");
    const sessions = await api(`/gateway/profile/caregiver/session?clientId=${a.client.id}`, { token: carer });
    expect(sessions.json.content).toEqual([]);
    for (const path of [
      "/gateway/profile/clinic/client",
      "/gateway/profile/clinic/caregiver",
      "/gateway/profile/clinic/design-plan",
      "/gateway/profile/clinic/book",
    ]) {
      const r = await api(`${path}?clinicId=${a.clinic.id}`, { token: staff });
      expect(r.status, path).toBe(404);
    }
    const inst = await api(`/gateway/profile/clinic/client?clinicId=${a.clinic.id}`, { token: await b.token("inst") });
    expect(inst.status).toBe(404);
  });
});
