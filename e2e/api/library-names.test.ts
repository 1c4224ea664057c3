// One name in use (docs/library.md): two books, or two design plans, in use in one clinic never share
// a name, made, renamed or brought back, however requests race; an archived one may keep a name one
// in use has, and another clinic may use it too. Migration 20261207100000 tells earlier twins apart.
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import type { Tx } from "@/lib/db/prisma";
import { migrationRolledBack } from "./support/rolled-back-migration";
import { expectProblem } from "./support/expect-problem";
import { untilWaitingOnLock } from "./support/lock-wait";
import { api, db, makeWorld, type World } from "./support/world";

const G = "/gateway/profile/clinic";

/** As before migration 20261207130000: names compared as stored only. */
async function dropNamesAsRead(tx: Tx) {
  await tx.$executeRawUnsafe(`DROP TRIGGER "Book_name_in_use" ON "Book"`);
  await tx.$executeRawUnsafe(`DROP TRIGGER "DesignPlan_name_in_use" ON "DesignPlan"`);
  await tx.$executeRawUnsafe(`DROP FUNCTION "Library_name_in_use"(), "Library_nameKey"(text)`);
}

const KINDS = [
  { what: "book", path: "book", body: () => ({}) },
  { what: "design plan", path: "design-plan", body: (w: World) => ({ weeks: [{ bookIds: [w.book.id] }] }) },
] as const;

describe.each(KINDS)("a $what's name in use", (kind) => {
  const create = async (w: World, name: string, who: World = w) =>
    api(`${G}/${kind.path}`, { token: await who.token("staff"), body: { name, ...kind.body(who) } });
  const patch = async (w: World, id: number, body: unknown) =>
    api(`${G}/${kind.path}/${String(id)}`, { method: "PATCH", token: await w.token("staff"), body });
  const named = (w: World, name: string) =>
    kind.what === "book"
      ? db.book.count({ where: { clinicId: w.clinic.id, name } })
      : db.designPlan.count({ where: { clinicId: w.clinic.id, name } });

  it("is refused to a second one made or renamed in the clinic, with a 409 at name, changing nothing; another clinic may use it", async () => {
    const w = await makeWorld();
    const first = await create(w, `Sleep ${w.u}`);
    expect(first.status, first.text).toBe(201);
    const again = await create(w, `Sleep ${w.u}`);
    expectProblem(again, 409, "name");
    expect(again.json.detail).toMatch(new RegExp(`a ${kind.what} in use in the clinic already has this name`));
    expect(await named(w, `Sleep ${w.u}`)).toBe(1);

    const other = await create(w, `Rest ${w.u}`);
    expect(other.status, other.text).toBe(201);
    expectProblem(
      await patch(w, other.json.id as number, { name: `Sleep ${w.u}`, description: "Changed" }),
      409,
      "name",
    );
    const kept = await api(`${G}/${kind.path}/${String(other.json.id)}`, { token: await w.token("staff") });
    expect(kept.json).toMatchObject({ name: `Rest ${w.u}`, description: "" });

    const elsewhere = await makeWorld();
    expect((await create(elsewhere, `Sleep ${w.u}`)).status).toBe(201);
  });

  it("may be an archived one's too; bringing that one back is refused at archived until one is renamed", async () => {
    const w = await makeWorld();
    const old = await create(w, `Sleep ${w.u}`);
    const oldId = old.json.id as number;
    expect((await patch(w, oldId, { archived: true })).status).toBe(200);
    const fresh = await create(w, `Sleep ${w.u}`);
    expect(fresh.status, fresh.text).toBe(201);

    const back = await patch(w, oldId, { archived: false });
    expectProblem(back, 409, "archived");
    expect(back.json.detail).toMatch(/rename one of them first; this one stays archived/);
    expect((await api(`${G}/${kind.path}/${String(oldId)}`, { token: await w.token("staff") })).json).toMatchObject({
      name: `Sleep ${w.u}`,
      archived: true,
    });
    // Renamed to a name in use and archived in one request: the end is allowed, so the request is.
    const third = await create(w, `Sleep, third ${w.u}`);
    const archivedAs = await patch(w, third.json.id as number, { name: `Sleep ${w.u}`, archived: true });
    expect(archivedAs.status, archivedAs.text).toBe(200);
    expect(archivedAs.json).toMatchObject({ name: `Sleep ${w.u}`, archived: true });
    // Renamed and brought back in one request.
    const both = await patch(w, oldId, { name: `Sleep (old) ${w.u}`, archived: false });
    expect(both.status, both.text).toBe(200);
    expect(both.json).toMatchObject({ name: `Sleep (old) ${w.u}`, archived: false });
  });

  it("is one name however it is encoded or spaced, as it reads on a page; capitals still tell two apart", async () => {
    const w = await makeWorld();
    const composed = `Caf\u00e9 du soir ${w.u}`;
    const first = await create(w, composed);
    expect(first.status, first.text).toBe(201);
    // é as e and a combining accent, two spaces, a no-break space and a narrow one (French
    // typography), a thin space and an ideographic one: Unicode's spaces whatever the database's locale.
    for (const same of [
      `Cafe\u0301 du soir ${w.u}`,
      `Caf\u00e9  du soir ${w.u}`,
      `Caf\u00e9\u00a0du soir ${w.u}`,
      `Caf\u00e9 du\u202fsoir ${w.u}`,
      `Caf\u00e9\u2009du\u3000soir ${w.u}`,
    ]) {
      const again = await create(w, same);
      expectProblem(again, 409, "name");
      expect(again.json.detail).toMatch(new RegExp(`a ${kind.what} in use in the clinic already has this name`));
    }
    expect((await create(w, `CAF\u00c9 du soir ${w.u}`)).status).toBe(201);
    // Its own name written another way is no other one's.
    const firstId = first.json.id as number;
    const respelled = await patch(w, firstId, { name: `Cafe\u0301 du soir ${w.u}` });
    expect(respelled.status, respelled.text).toBe(200);
    // Archived, its name read the same may be given again; bringing it back is then refused.
    expect((await patch(w, firstId, { archived: true })).status).toBe(200);
    expect((await create(w, composed)).status).toBe(201);
    expectProblem(await patch(w, firstId, { archived: false }), 409, "archived");
  });

  it("goes to one of six racing requests making it written in six ways; the other five are 409", async () => {
    const w = await makeWorld();
    const ways = ["\u00e9 ", "e\u0301 ", "\u00e9  ", "\u00e9\u00a0", "e\u0301\u202f", "e\u0301\u00a0 "];
    const answers = await Promise.all(ways.map((way) => create(w, `Rac${way}${w.u}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const made =
      kind.what === "book"
        ? await db.book.count({ where: { clinicId: w.clinic.id, name: { startsWith: "Rac" } } })
        : await db.designPlan.count({ where: { clinicId: w.clinic.id, name: { startsWith: "Rac" } } });
    expect(made).toBe(1);
  });

  it("given while the one of that name is being archived, waits for the archive and is given", async () => {
    const w = await makeWorld();
    const old = await create(w, `Dusk ${w.u}`);
    expect(old.status, old.text).toBe(201);
    // An archive in progress: written, not yet committed. Before it held the rule's lock, the name
    // met the one still in use and was refused at once, where the unique index had waited.
    const sql = new pg.Client({ connectionString: inject("databaseUrl") });
    await sql.connect();
    try {
      await sql.query("begin");
      const table = kind.what === "book" ? "Book" : "DesignPlan";
      await sql.query(`update "${table}" set "archivedAt" = now() where id = $1`, [old.json.id]);
      const again = create(w, `Dusk\u00a0${w.u}`);
      await Promise.race([untilWaitingOnLock(sql), again]);
      await sql.query("commit");
      const made = await again;
      expect(made.status, made.text).toBe(201);
    } finally {
      await sql.end();
    }
  });

  it("goes to one of six racing requests making it; the other five are 409", async () => {
    const w = await makeWorld();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(w, `Raced ${w.u}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await named(w, `Raced ${w.u}`)).toBe(1);
  });
});

describe("migration 20261207100000_names_in_use_unique", () => {
  it("tells earlier twins in use apart by the first number free, in both languages and within 200 characters; leaves an archived twin and other clinics' names", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const twin = `Twin ${w.u}`;
    const long = `Twin ${w.u} `.padEnd(200, "x");
    const seen = await migrationRolledBack(
      "20261207100000_names_in_use_unique",
      async (tx) => ({
        books: (await tx.book.findMany({ where: { name: { startsWith: twin } }, orderBy: { id: "asc" } })).map((b) => [
          b.clinicId === w.clinic.id ? "here" : "there",
          b.name,
          b.nameFr,
          b.archivedAt !== null,
        ]),
        plans: (await tx.designPlan.findMany({ where: { name: { startsWith: twin } }, orderBy: { id: "asc" } })).map(
          (p) => p.name,
        ),
      }),
      async (tx) => {
        // As before the migration: no rule, twins made, and one told apart by hand.
        await dropNamesAsRead(tx);
        await tx.$executeRawUnsafe(`DROP INDEX "Book_name_in_use_key"`);
        await tx.$executeRawUnsafe(`DROP INDEX "DesignPlan_name_in_use_key"`);
        const rows: [number, string, string | null, Date | null][] = [
          [w.clinic.id, twin, "Jumeau", null],
          [w.clinic.id, twin, "Jumeau", null],
          [other.clinic.id, twin, null, null],
          [w.clinic.id, `${twin} (2)`, null, null],
          [w.clinic.id, twin, null, null],
          [w.clinic.id, twin, null, new Date()],
          [w.clinic.id, long, null, null],
          [w.clinic.id, long, null, null],
        ];
        for (const [clinicId, name, nameFr, archivedAt] of rows)
          await tx.book.create({ data: { clinicId, name, nameFr, archivedAt } });
        for (let i = 0; i < 2; i++) await tx.designPlan.create({ data: { clinicId: w.clinic.id, name: twin } });
      },
    );
    expect(seen).toEqual({
      books: [
        ["here", twin, "Jumeau", false],
        ["here", `${twin} (3)`, "Jumeau (3)", false],
        ["there", twin, null, false],
        ["here", `${twin} (2)`, null, false],
        ["here", `${twin} (4)`, null, false],
        ["here", twin, null, true],
        ["here", long, null, false],
        ["here", `${long.slice(0, 196)} (2)`, null, false],
      ],
      plans: [twin, `${twin} (2)`],
    });
  });
});

describe("migration 20261207130000_names_told_apart_as_read", () => {
  it("tells apart earlier names in use that read the same, by the first number free whose name reads apart; leaves archived ones, other clinics' and other capitals", async () => {
    const w = await makeWorld();
    const other = await makeWorld();
    const name = `Caf\u00e9 ${w.u}`;
    const cafes = {
      clinicId: { in: [w.clinic.id, other.clinic.id] },
      name: { startsWith: "caf", mode: "insensitive" as const },
    };
    const seen = await migrationRolledBack(
      "20261207130000_names_told_apart_as_read",
      async (tx) => ({
        books: (await tx.book.findMany({ where: cafes, orderBy: { id: "asc" } })).map((b) => [
          b.clinicId === w.clinic.id ? "here" : "there",
          b.name,
          b.nameFr,
          b.archivedAt !== null,
        ]),
        plans: (await tx.designPlan.findMany({ where: cafes, orderBy: { id: "asc" } })).map((p) => p.name),
      }),
      async (tx) => {
        await dropNamesAsRead(tx);
        const rows: [number, string, string | null, Date | null][] = [
          [w.clinic.id, name, "Caf\u00e9", null],
          [w.clinic.id, `Cafe\u0301 ${w.u}`, "Cafe\u0301", null],
          [other.clinic.id, `Cafe\u0301 ${w.u}`, null, null],
          // " (2)" is taken as it reads, written another way.
          [w.clinic.id, `Caf\u00e9\u00a0${w.u} (2)`, null, null],
          [w.clinic.id, `Caf\u00e9  ${w.u}`, null, null],
          [w.clinic.id, `Cafe\u0301 ${w.u}`, null, new Date()],
          [w.clinic.id, `CAF\u00c9 ${w.u}`, null, null],
        ];
        for (const [clinicId, n, nameFr, archivedAt] of rows)
          await tx.book.create({ data: { clinicId, name: n, nameFr, archivedAt } });
        for (const n of [name, `Cafe\u0301 ${w.u}`])
          await tx.designPlan.create({ data: { clinicId: w.clinic.id, name: n } });
      },
    );
    expect(seen).toEqual({
      books: [
        ["here", name, "Caf\u00e9", false],
        ["here", `Cafe\u0301 ${w.u} (3)`, "Cafe\u0301 (3)", false],
        ["there", `Cafe\u0301 ${w.u}`, null, false],
        ["here", `Caf\u00e9\u00a0${w.u} (2)`, null, false],
        ["here", `Caf\u00e9  ${w.u} (4)`, null, false],
        ["here", `Cafe\u0301 ${w.u}`, null, true],
        ["here", `CAF\u00c9 ${w.u}`, null, false],
      ],
      plans: [name, `Cafe\u0301 ${w.u} (2)`],
    });
  });
});
