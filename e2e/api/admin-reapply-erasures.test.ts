// A backup restored brings back the records erased after it was taken (docs/audit-log.md, "After a
// restore"): each erasure left its line in the log, kept apart from the database, and the operator's
// `reapply-erasures` reads the log and erases those clients again. Run as the operator runs it.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin as runAdmin, adminWithInput } from "./support/admin-cli";
import { backUpRecord, restoreRecord } from "./support/backed-up-record";
import { api, db, login, makeWorld, type World } from "./support/world";

const admin = async (...args: string[]) => {
  const r = await runAdmin(...args);
  return { ...r, out: r.stdout + r.stderr };
};

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "erasure-log-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The file an operator gets from the log store: these lines, one a line. */
async function logFile(name: string, lines: string[]) {
  const file = path.join(dir, name);
  await writeFile(file, lines.join("\n") + "\n");
  return file;
}

/** The ids on the clinic's client list, as its staff see it. */
async function listed(w: World) {
  const r = await api("/gateway/profile/clinic/client?page=0&size=50", { token: await w.token("staff") });
  expect(r.status, r.text).toBe(200);
  return r.json.content.map((c: { id: number }) => c.id);
}

const signsIn = async (w: World) =>
  login(w.client.username, w.password).then(
    () => true,
    () => false,
  );

/** The output's row `name`: its value (show() pads the names). */
const row = (out: string, name: string) => new RegExp(`^  ${name}\\s+(\\S+)`, "m").exec(out)?.[1];

const messagesOf = (w: World) => db.message.count({ where: { session: { clientId: w.client.id } } });

async function withMessage() {
  const w = await makeWorld();
  const account = await db.account.findUniqueOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
  await db.message.create({ data: { sessionId: w.session.id, authorAccountId: account.id, text: "I slept badly" } });
  return w;
}

describe("npm run admin -- reapply-erasures", () => {
  it("erases again a client that a restored backup brought back, from erase-client's log line; a second run erases nothing", async () => {
    const w = await withMessage();
    // The night's backup, taken before the clinic asked for the erasure.
    const backup = await backUpRecord(w.client.id);

    const erased = await admin("erase-client", "--clinic", String(w.clinic.id), "--client", String(w.client.id));
    expect(erased.code, erased.out).toBe(0);
    // The command's output, as the operator keeps it with the deployment's logs: one line is the
    // erasure's, JSON, with ids and the moment and nothing of the record.
    const logged = erased.stdout.split("\n").filter((l) => l.includes('"msg":"client erased"'));
    expect(logged).toHaveLength(1);
    const { erasedAt } = await db.client.findUniqueOrThrow({ where: { id: w.client.id } });
    expect(JSON.parse(logged[0] ?? "")).toEqual({
      level: 30,
      time: expect.any(String),
      msg: "client erased",
      clinicId: w.clinic.id,
      clientId: w.client.id,
      erasedAt: erasedAt?.toISOString(),
    });
    for (const hidden of [w.client.name, w.client.email, w.client.username, "I slept badly"])
      expect(erased.out).not.toContain(hidden);
    expect(await listed(w)).not.toContain(w.client.id);

    // The database is restored from the backup: the client is back, to the staff and to themself.
    await restoreRecord(backup);
    expect(await listed(w)).toContain(w.client.id);
    expect(await signsIn(w)).toBe(true);
    expect(await messagesOf(w)).toBe(1);

    // The log the operator gives it holds every other line too: the request lines of the
    // instances, and the command's own output.
    const request = JSON.stringify({ level: 30, time: new Date().toISOString(), msg: "request", status: 200 });
    const file = await logFile("after-restore.log", [request, ...erased.out.split("\n"), request]);
    const again = await admin("reapply-erasures", "--from", file);
    expect(again.code, again.out).toBe(0);
    expect(row(again.out, "erasure lines")).toBe("1");
    expect(row(again.out, "malformed")).toBe("0");
    expect(row(again.out, "erased again")).toBe("1");
    expect(row(again.out, "already erased")).toBe("0");
    expect(row(again.out, "not found")).toBe("0");
    for (const hidden of [w.client.name, w.client.email, w.client.username, "I slept badly"])
      expect(again.out).not.toContain(hidden);

    // Erased again, as the first time: gone from the list, the sign-in dead, the message deleted.
    expect(await listed(w)).not.toContain(w.client.id);
    expect((await api(`/gateway/profile/clinic/client/${w.client.id}`, { token: await w.token("staff") })).status).toBe(
      404,
    );
    expect(await signsIn(w)).toBe(false);
    expect(await messagesOf(w)).toBe(0);
    // The erasure again leaves its own line: a restore of an older backup still finds it.
    expect(again.stdout.split("\n").filter((l) => l.includes('"msg":"client erased"'))).toHaveLength(1);

    // A second run, the log piped in as journalctl prints it (each line after its date and unit),
    // erases nothing.
    const journal = [request, ...logged].map((l) => `Dec 06 03:15:00 host care[4242]: ${l}`).join("\n");
    const twice = await adminWithInput(journal, "reapply-erasures", "--from", "-");
    expect(twice.code, twice.stdout + twice.stderr).toBe(0);
    expect(row(twice.stdout, "erasure lines")).toBe("1");
    expect(row(twice.stdout, "erased again")).toBe("0");
    expect(row(twice.stdout, "already erased")).toBe("1");
    expect(twice.stdout).not.toContain('"msg":"client erased"');
  });

  it("changes nothing for a foreign, a malformed or a cut line, or an id a newer client has, and says so", async () => {
    const w = await withMessage();
    const other = await makeWorld();
    const line = (fields: Record<string, unknown>) =>
      JSON.stringify({ level: 30, time: new Date().toISOString(), msg: "client erased", ...fields });
    const erasedAt = new Date().toISOString();
    const client = w.client.id;
    const cut = (l: string) => l.slice(0, l.indexOf('"erasedAt"'));
    const file = await logFile("foreign.log", [
      "Ready on http://0.0.0.0:3700",
      JSON.stringify({ level: 30, msg: "request", route: "/gateway/profile/clinic/client/:id", status: 200 }),
      // Another clinic's erasure naming this client's id (another deployment's log, say): the
      // clinic's check leaves it.
      line({ clinicId: other.clinic.id, clientId: client, erasedAt }),
      // An id of no client at all.
      line({ clinicId: w.clinic.id, clientId: 2_147_483_647, erasedAt }),
      // Erased before this client existed: the id was handed out again since, to someone else.
      line({ clinicId: w.clinic.id, clientId: client, erasedAt: "2020-01-01T00:00:00.000Z" }),
      // Cut short by a log collector, and a line with its ids as text: not read as erasures.
      cut(line({ clinicId: w.clinic.id, clientId: client, erasedAt })),
      line({ clinicId: String(w.clinic.id), clientId: String(client), erasedAt }),
    ]);

    const r = await admin("reapply-erasures", "--from", file);

    // Lines that may be erasures it could not read: the operator must look, so not a success.
    expect(r.code, r.out).toBe(1);
    expect(r.stderr).toMatch(/^Error: 2 line\(s\) mention an erasure but are not its log line as written/m);
    expect(row(r.out, "lines read")).toBe("7");
    expect(row(r.out, "other lines")).toBe("2");
    expect(row(r.out, "malformed")).toBe("2");
    expect(row(r.out, "erasure lines")).toBe("3");
    expect(row(r.out, "erased again")).toBe("0");
    expect(row(r.out, "already erased")).toBe("0");
    expect(row(r.out, "not found")).toBe("2");
    expect(row(r.out, "id reused, left")).toBe("1");
    expect(await listed(w)).toContain(w.client.id);
    expect(await signsIn(w)).toBe(true);
    expect(await messagesOf(w)).toBe(1);
    const stored = await db.client.findUniqueOrThrow({ where: { id: client } });
    expect(stored).toMatchObject({ erasedAt: null, status: "ACTIVE", name: w.client.name });
  });

  it("refuses a file it cannot read, and no --from, reading nothing", async () => {
    expect((await admin("reapply-erasures", "--from", path.join(dir, "missing.log"))).out).toMatch(
      /Error: --from cannot be read/,
    );
    const none = await admin("reapply-erasures");
    expect(none.code).toBe(1);
    expect(none.out).toMatch(/--from is required/);
  });
});
