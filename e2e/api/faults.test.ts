import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSession } from "@/prisma/factories";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "@/scripts/lib/embedded-postgres";
import { scriptClient } from "@/scripts/lib/script-client";
import { buildWorld } from "../support/world";
import { ROOT, migrateDeploy, startNext, type RunningServer } from "../../scripts/lib/processes";

// The database goes away in the middle of a load and comes back: the service answers 503 with
// Retry-After meanwhile (never a hang past 5 s, never a 500), recovers by itself, and nothing is
// left half-written. This test runs its own PostgreSQL and its own server.
const DIR = path.join(ROOT, ".data", `fault-pg-${process.pid}`);
let pg: RunningPostgres;
let port: number;
let server: RunningServer;
let token: string;
let sessionId: number;
let caregiverId: number;

beforeAll(async () => {
  port = await freePort();
  pg = await startEmbeddedPostgres({ dir: DIR, port, persistent: true, database: "faults", quiet: true });
  await migrateDeploy(pg.url);
  const p = scriptClient(pg.url);
  const w = await buildWorld(p);
  caregiverId = w.caregiver.id;
  sessionId = (
    await makeSession(p, {
      clinicId: w.clinic.id,
      clientId: w.client.id,
      caregiverId,
      title: "Fault week",
      startAt: new Date(),
      assignments: [{ bookId: w.book.id, moduleId: w.book.modules[0]!.id }],
    })
  ).id;
  await p.$disconnect();
  server = await startNext(await freePort(), { DATABASE_URL: pg.url, SECRET_KEY: "x".repeat(40) }, { quiet: true });
  const t = await fetch(`${server.url}/gateway/uaa/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "password", username: w.staff.username, password: w.password }),
  });
  token = (await t.json()).access_token;
}, 180_000);

afterAll(async () => {
  // Unset when beforeAll failed part of the way.
  await (server as RunningServer | undefined)?.stop();
  await (pg as RunningPostgres | undefined)?.stop();
  const { rm } = await import("node:fs/promises");
  await rm(DIR, { recursive: true, force: true });
});

type Outcome = { status: number; ms: number; retryAfter: string | null; location: string | null; body: string };

async function timed(url: string, init?: RequestInit): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const r = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    return {
      status: r.status,
      ms: performance.now() - t0,
      retryAfter: r.headers.get("retry-after"),
      location: r.headers.get("location"),
      body: await r.text(),
    };
  } catch {
    return { status: 0, ms: performance.now() - t0, retryAfter: null, location: null, body: "" };
  }
}

describe("the database stops in the middle of a load", () => {
  it("answers 503 with Retry-After within 5 s, never 500, recovers by itself, and leaves nothing half-written", async () => {
    const auth = { authorization: `bearer ${token}`, "content-type": "application/json" };
    const outcomes: Outcome[] = [];
    let n = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const i = n++;
        outcomes.push(
          i % 2
            ? await timed(`${server.url}/gateway/profile/caregiver/session/${sessionId}`, { headers: auth })
            : await timed(`${server.url}/gateway/profile/clinic/client`, {
                method: "POST",
                headers: auth,
                body: JSON.stringify({
                  name: `Fault ${i}`,
                  email: `fault-${i}@x.test`,
                  caregiverList: [caregiverId],
                  session: { caregiverId, bookIdList: [] },
                }),
              }),
        );
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await new Promise((r) => setTimeout(r, 1500));
    await pg.stop();
    await new Promise((r) => setTimeout(r, 3000));
    const duringOutage = outcomes.length;
    pg = await startEmbeddedPostgres({ dir: DIR, port, persistent: true, database: "faults", quiet: true });
    // The service recovers by itself: no restart of the server.
    const deadline = Date.now() + 20_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = (await timed(`${server.url}/gateway/health`)).status === 200;
      if (!healthy) await new Promise((r) => setTimeout(r, 250));
    }
    expect(healthy).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    running = false;
    await Promise.all(workers);

    const statuses = new Map<number, number>();
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    console.log(
      `fault run: ${outcomes.length} requests (${duringOutage} before the database returned); statuses ${JSON.stringify(Object.fromEntries(statuses))}; slowest ${Math.max(...outcomes.map((o) => o.ms)).toFixed(0)} ms`,
    );
    expect(
      [...statuses.keys()].every((s) => [200, 201, 503].includes(s)),
      JSON.stringify(Object.fromEntries(statuses)),
    ).toBe(true);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    for (const o of outcomes.filter((o) => o.status === 503)) {
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
      expect(o.body).toContain('"status":503');
    }
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(5000);
    // Requests after recovery succeed again.
    expect(outcomes.slice(-6).every((o) => o.status === 200 || o.status === 201)).toBe(true);

    // Nothing half-written: every stored client has its care team and its session; every 201 was stored.
    const p = scriptClient(pg.url);
    const clients = await p.client.findMany({
      where: { name: { startsWith: "Fault " } },
      select: { id: true, _count: { select: { careTeam: true, sessions: true } } },
    });
    expect(clients.every((c) => c._count.careTeam === 1 && c._count.sessions === 1)).toBe(true);
    const created = outcomes.filter((o) => o.status === 201).map((o) => Number(o.location!.split("/")[2]));
    expect(new Set(clients.map((c) => c.id))).toEqual(new Set(created));
    await p.$disconnect();
  }, 90_000);
});
