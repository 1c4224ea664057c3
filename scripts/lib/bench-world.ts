// The benchmark's and the soak run's world: a fresh embedded PostgreSQL holding one clinic whose
// caregiver follows `clients` clients, each with a session of 20 assignments in every state, of
// modules defined as the library's are.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { buildPeople } from "@/e2e/support/world";
import { makeBook } from "@/prisma/factories";
import { LIBRARY_BOOKS } from "@/lib/library/books";
import { scriptClient } from "./script-client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { randomId } from "@/lib/ids";
import { ROOT, migrateDeploy } from "./processes";

export async function startBenchWorld(CLIENTS: number, flags: string[] = []) {
  const dataDir = path.join(ROOT, ".data", `bench-pg-${process.pid}`);
  const db = await startEmbeddedPostgres({
    dir: dataDir,
    persistent: false,
    database: "bench",
    quiet: true,
    flags,
  });
  await migrateDeploy(db.url);
  const p = scriptClient(db.url);
  const sql = new pg.Pool({ connectionString: db.url, max: 2 });
  sql.on("error", () => {}); // the database stops at the end of the run

  // The one test-world builder's people (e2e/support/world.ts); their client has no session.
  const people = await buildPeople(p, { u: "bench" });
  const { clinic, carer } = people;
  // The library's own modules' definitions (exercises and questionnaires, 3 to 14 KB of JSON), as
  // a clinic's books hold them: a read that touched a definition would pay for it here too.
  const library = LIBRARY_BOOKS.flatMap((b) => b.modules);
  const book = await makeBook(p, {
    clinicId: clinic.id,
    name: "Bench book",
    modules: Array.from({ length: 200 }, (_, i) => ({
      name: `Module ${i + 1}`,
      definition: library[i % library.length]?.definition,
    })),
  });
  const clients = await p.client.createManyAndReturn({
    data: Array.from({ length: CLIENTS }, (_, i) => ({
      clinicId: clinic.id,
      opptId: randomId(16),
      name: `Bench Client ${i}`,
      email: `c${i}@bench.test`,
    })),
    select: { id: true },
  });
  await p.careTeamMember.createMany({ data: clients.map((c) => ({ clientId: c.id, caregiverId: carer.id })) });
  const start = new Date(Date.now() - 2 * 86_400_000);
  const sessions = await p.session.createManyAndReturn({
    data: clients.map((c, i) => ({
      clinicId: clinic.id,
      clientId: c.id,
      caregiverId: carer.id,
      title: `Week ${i}`,
      chatId: randomId(20),
      startAt: start,
    })),
    select: { id: true },
  });
  const assignmentRows = (sessionId: number, n: number): Prisma.AssignmentCreateManyInput[] =>
    book.modules.slice(0, n).map((m, j) => ({
      sessionId,
      bookId: book.id,
      moduleId: m.id,
      moduleVersionId: m.versionId,
      startAt: start,
      status: j % 3 === 0 ? "COMPLETE" : j % 3 === 1 ? "IN_PROGRESS" : "PENDING",
      feedbackStatus: j % 3 === 0 ? "WAITING" : "NONE",
      submittedAt: j % 3 === 0 ? new Date(start.getTime() + j * 60_000) : null,
      score: j % 3 === 0 ? j : null,
    }));
  for (let i = 0; i < sessions.length; i += 100) {
    await p.assignment.createMany({ data: sessions.slice(i, i + 100).flatMap((s) => assignmentRows(s.id, 20)) });
  }
  const [firstClient] = clients;
  if (!firstClient) throw new Error("the benchmark needs at least one client");
  const sized: Record<number, number> = {};
  for (const n of [5, 20, 200]) {
    const s = await p.session.create({
      data: {
        clinicId: clinic.id,
        clientId: firstClient.id,
        caregiverId: carer.id,
        title: `Sized ${n}`,
        chatId: randomId(20),
        startAt: start,
      },
      select: { id: true },
    });
    await p.assignment.createMany({ data: assignmentRows(s.id, n) });
    sized[n] = s.id;
  }
  // The signed-in client's own running session (the client's assignment list).
  const own = await p.session.create({
    data: {
      clinicId: clinic.id,
      clientId: people.client.id,
      caregiverId: carer.id,
      title: "Own week",
      chatId: randomId(20),
      startAt: start,
    },
    select: { id: true },
  });
  await p.assignment.createMany({ data: assignmentRows(own.id, 20) });
  // A settled database: autovacuum has set the visibility map, so index-only scans stay index-only.
  await sql.query("vacuum analyze");
  return { db, dataDir, p, sql, people, clinic, carer, book, clients, sessions, sized, ownSessionId: own.id };
}

const CLOCK_TICKS = 100; // Linux's USER_HZ

/** CPU time (user + system) a process has used so far, in ms; with `reaped`, also its ended children's. */
export function cpuMsOf(pid: number, reaped = false): number {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    const own = Number(fields[11]) + Number(fields[12]);
    return (own + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) * (1000 / CLOCK_TICKS);
  } catch {
    return 0;
  }
}
/**
 * CPU time used so far by the cluster in `dataDir`, in ms: its postmaster, every backend and worker
 * alive, and those that ended (a pool closing idle connections), which the postmaster reaped.
 */
export function postgresCpuMs(dataDir: string): number {
  const [postmaster = 0, ...children] = postgresPids(dataDir);
  return children.reduce((ms, pid) => ms + cpuMsOf(pid), cpuMsOf(postmaster, true));
}

/** The cluster's processes alive now: its postmaster first, then every backend and worker. */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  return [postmaster, ...childrenOf(postmaster)];
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** The resident set of a process and its children, in MB. */
export function rssOf(pid: number): number {
  let kb = 0;
  try {
    kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      for (const c of readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").split(" ").filter(Boolean))
        kb += rssOf(Number(c)) * 1024;
    }
  } catch {}
  return kb / 1024;
}

export async function tokenFor(base: string, who: { username: string; password: string }) {
  const r = await fetch(`${base}/gateway/uaa/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: who.username, password: who.password }),
  });
  return (await r.json()) as { access_token: string; refresh_token: string };
}
