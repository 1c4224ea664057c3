// A book's and a module's name in French (docs/library.md, "Names in French"): staff write it beside
// the name; a client whose language is French reads it on their homework; the care team's reads and
// OPTT's keep `name`; the library's copies carry the library's French names.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIBRARY_BOOKS } from "@/lib/library/books";
import { ROOT } from "../../scripts/lib/processes";
import { expectProblem } from "./support/expect-problem";
import { api, db, makeWorld, type World } from "./support/world";

const MODULE = (id: number) => `/gateway/profile/clinic/module/${String(id)}`;
const BOOK = (id: number) => `/gateway/profile/clinic/book/${String(id)}`;
const OWN_LIST = "/gateway/profile/client/assignment?time-state=RUNNING&size=100";
const OWN = (id: number) => `/gateway/profile/client/assignment/${String(id)}`;

type OwnItem = { id: number; moduleId: number; moduleName: string };

/** The world's first module and book named in French by its staff, through the API. */
async function nameInFrench(w: World) {
  const token = await w.token("staff");
  const [first] = w.book.modules;
  if (!first) throw new Error("the world's book has no module");
  const m = await api(MODULE(first.id), { token, method: "PATCH", body: { nameFr: `Agenda ${w.u}` } });
  expect(m.status, m.text).toBe(200);
  const b = await api(BOOK(w.book.id), { token, method: "PATCH", body: { nameFr: `Sommeil ${w.u}` } });
  expect(b.status, b.text).toBe(200);
  return { module: first, token };
}

/** What the world's client reads of its running homework: each module's name by module id, and one assignment's. */
async function clientReads(w: World, moduleId: number) {
  const token = await w.token("client");
  const list = await api(OWN_LIST, { token });
  expect(list.status, list.text).toBe(200);
  const items = list.json.content as OwnItem[];
  const item = items.find((a) => a.moduleId === moduleId);
  if (!item) throw new Error("the client's list lacks the module");
  const one = await api(OWN(item.id), { token });
  expect(one.status, one.text).toBe(200);
  return { listed: item.moduleName, name: one.json.name as string, bookName: one.json.bookName as string };
}

const setLanguage = (w: World, language: "EN" | "FR") =>
  db.client.update({ where: { id: w.client.id }, data: { language } });

describe("names in French", () => {
  it("staff write a module's and a book's French name; the details give it; null removes it; the name alone keeps it", async () => {
    const w = await makeWorld();
    const { module, token } = await nameInFrench(w);
    const read = await api(MODULE(module.id), { token });
    expect(read.json).toMatchObject({ name: module.name, nameFr: `Agenda ${w.u}` });
    const book = await api(BOOK(w.book.id), { token });
    expect(book.json).toMatchObject({ name: w.book.name, nameFr: `Sommeil ${w.u}` });
    // A rename in English leaves the French name as it was: the editor shows both, side by side.
    const renamed = await api(MODULE(module.id), { token, method: "PATCH", body: { name: `Diary ${w.u}` } });
    expect(renamed.json).toMatchObject({ name: `Diary ${w.u}`, nameFr: `Agenda ${w.u}`, version: 1 });
    const cleared = await api(MODULE(module.id), { token, method: "PATCH", body: { nameFr: null } });
    expect(cleared.json).toMatchObject({ name: `Diary ${w.u}`, nameFr: null });
    const bookCleared = await api(BOOK(w.book.id), { token, method: "PATCH", body: { nameFr: null } });
    expect(bookCleared.json).toMatchObject({ name: w.book.name, nameFr: null });
  });

  it("creates a book and a module with a French name, and without one (null)", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const book = await api("/gateway/profile/clinic/book", {
      token,
      method: "POST",
      body: { name: `Sleep ${w.u}`, nameFr: `Sommeil ${w.u}` },
    });
    expect(book.status, book.text).toBe(201);
    expect(book.json).toMatchObject({ name: `Sleep ${w.u}`, nameFr: `Sommeil ${w.u}` });
    const definition = { blocks: [{ type: "text", body: { en: "Read this.", fr: "Lisez ceci." } }] };
    const bookId = book.json.id as number;
    const named = await api(`${BOOK(bookId)}/module`, {
      token,
      method: "POST",
      body: { name: `Note ${w.u}`, nameFr: `Note FR ${w.u}`, definition },
    });
    expect(named.status, named.text).toBe(201);
    expect(named.json).toMatchObject({ name: `Note ${w.u}`, nameFr: `Note FR ${w.u}` });
    const plain = await api(`${BOOK(bookId)}/module`, {
      token,
      method: "POST",
      body: { name: `Plain ${w.u}`, definition },
    });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json).toMatchObject({ name: `Plain ${w.u}`, nameFr: null });
    const stored = await db.module.findMany({ where: { bookId }, orderBy: { id: "asc" }, select: { nameFr: true } });
    expect(stored).toEqual([{ nameFr: `Note FR ${w.u}` }, { nameFr: null }]);
  });

  it("the book's detail says how much of each module's current version is written in French", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const book = await api("/gateway/profile/clinic/book", { token, method: "POST", body: { name: `Sleep ${w.u}` } });
    expect(book.status, book.text).toBe(201);
    const bookId = book.json.id as number;
    const scale = {
      type: "scale",
      key: "mood",
      label: { en: "Mood this week?", fr: "Humeur cette semaine ?" },
      // Points without a letter read the same in French: nothing to translate.
      points: [
        { value: 0, label: { en: "0" } },
        { value: 10, label: { en: "10 %" } },
      ],
    };
    const half = { blocks: [{ type: "text", body: { en: "Read this." } }, scale] };
    const whole = { blocks: [{ type: "text", body: { en: "Read this.", fr: "Lisez ceci." } }, scale] };
    const made = await api(`${BOOK(bookId)}/module`, {
      token,
      method: "POST",
      body: { name: "Half", definition: half },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.json.id as number;
    const empty = await api(`${BOOK(bookId)}/module`, {
      token,
      method: "POST",
      body: { name: "Empty", definition: { blocks: [] } },
    });
    expect(empty.status, empty.text).toBe(201);
    const french = async () =>
      ((await api(BOOK(bookId), { token })).json.modules as { name: string; french: unknown }[]).map((m) => [
        m.name,
        m.french,
      ]);
    expect(await french()).toEqual([
      ["Half", { texts: 2, missing: 1 }],
      ["Empty", { texts: 0, missing: 0 }],
    ]);
    const saved = await api(MODULE(id), { token, method: "PATCH", body: { definition: whole, baseVersion: 1 } });
    expect(saved.json).toMatchObject({ version: 2 });
    expect((await french())[0]).toEqual(["Half", { texts: 2, missing: 0 }]);
  });

  it("refuses an empty, too long or non-text French name with a 400 naming nameFr, and changes nothing", async () => {
    const w = await makeWorld();
    const { module, token } = await nameInFrench(w);
    for (const nameFr of ["", "   ", "x".repeat(201), 7]) {
      const m = await api(MODULE(module.id), { token, method: "PATCH", body: { nameFr } });
      expectProblem(m, 400, "nameFr");
      const b = await api(BOOK(w.book.id), { token, method: "PATCH", body: { nameFr } });
      expectProblem(b, 400, "nameFr");
    }
    const definition = { blocks: [{ type: "text", body: { en: "Read this." } }] };
    const refused = await api(`${BOOK(w.book.id)}/module`, {
      token,
      method: "POST",
      body: { name: "N", nameFr: "", definition },
    });
    expectProblem(refused, 400, "nameFr");
    expect(await db.module.count({ where: { bookId: w.book.id } })).toBe(w.book.modules.length);
    const books = await db.book.count({ where: { clinicId: w.clinic.id } });
    const noBook = await api("/gateway/profile/clinic/book", {
      token,
      method: "POST",
      body: { name: `Sleep ${w.u}`, nameFr: " " },
    });
    expectProblem(noBook, 400, "nameFr");
    expect(await db.book.count({ where: { clinicId: w.clinic.id } })).toBe(books);
    expect(await db.module.findUniqueOrThrow({ where: { id: module.id }, select: { nameFr: true } })).toEqual({
      nameFr: `Agenda ${w.u}`,
    });
    expect(await db.book.findUniqueOrThrow({ where: { id: w.book.id }, select: { nameFr: true } })).toEqual({
      nameFr: `Sommeil ${w.u}`,
    });
  });

  it("a client whose language is French reads the French names on their homework; in English, the names; the care team, the names", async () => {
    const w = await makeWorld();
    const { module } = await nameInFrench(w);
    expect(await clientReads(w, module.id)).toEqual({ listed: module.name, name: module.name, bookName: w.book.name });
    await setLanguage(w, "FR");
    expect(await clientReads(w, module.id)).toEqual({
      listed: `Agenda ${w.u}`,
      name: `Agenda ${w.u}`,
      bookName: `Sommeil ${w.u}`,
    });
    // A module and a book without a French name read as named, in French too.
    const [, second] = w.book.modules;
    if (!second) throw new Error("the world's book has one module");
    const token = await w.token("client");
    const list = await api(OWN_LIST, { token });
    expect((list.json.content as OwnItem[]).find((a) => a.moduleId === second.id)?.moduleName).toBe(second.name);
    const other = (list.json.content as OwnItem[]).find((a) => a.moduleId === w.book2.modules[0]?.id);
    if (!other) throw new Error("the client's list lacks the second book");
    expect((await api(OWN(other.id), { token })).json).toMatchObject({ bookName: w.book2.name });
    // The care team's session detail (OPTT's assignment object) keeps the name.
    const detail = await api(`/gateway/profile/caregiver/session/${String(w.session.id)}`, {
      token: await w.token("carer"),
    });
    expect(detail.status, detail.text).toBe(200);
    const names = (detail.json.assignments as { moduleId: number; moduleName: string }[])
      .filter((a) => a.moduleId === module.id)
      .map((a) => a.moduleName);
    expect(names).toEqual([module.name]);
  });

  it("gives a new clinic's library copies the library's French names; a measure named by its acronym has none", async () => {
    const w = await makeWorld();
    const libraryModules = LIBRARY_BOOKS.flatMap((b) => b.modules);
    for (const named of [...LIBRARY_BOOKS, ...libraryModules])
      if (named.nameFr !== null) expect(named.nameFr.trim(), named.key).not.toBe("");
    expect(libraryModules.filter((m) => m.nameFr === null).map((m) => m.name)).toEqual(["PHQ-9", "GAD-7", "PCL-5"]);
    const copies = await db.book.findMany({
      where: { clinicId: w.clinic.id, libraryKey: { not: null } },
      orderBy: { id: "asc" },
      select: { nameFr: true, modules: { orderBy: { position: "asc" }, select: { nameFr: true } } },
    });
    expect(copies).toEqual(
      LIBRARY_BOOKS.map((b) => ({ nameFr: b.nameFr, modules: b.modules.map((m) => ({ nameFr: m.nameFr })) })),
    );
  });

  it("a standard measure renamed by the clinic reads under its new name in French too", async () => {
    const w = await makeWorld();
    const phq9 = await db.module.findFirstOrThrow({
      where: { libraryKey: "phq-9", book: { clinicId: w.clinic.id } },
      select: { id: true, bookId: true, versions: { select: { id: true } } },
    });
    const [version] = phq9.versions;
    if (!version) throw new Error("the PHQ-9 copy has no version");
    await db.assignment.create({
      data: {
        sessionId: w.session.id,
        bookId: phq9.bookId,
        moduleId: phq9.id,
        moduleVersionId: version.id,
        startAt: new Date(),
      },
    });
    const renamed = await api(MODULE(phq9.id), {
      token: await w.token("staff"),
      method: "PATCH",
      body: { name: `PHQ-9 (weekly) ${w.u}` },
    });
    expect(renamed.json).toMatchObject({ name: `PHQ-9 (weekly) ${w.u}`, nameFr: null });
    await setLanguage(w, "FR");
    expect((await clientReads(w, phq9.id)).listed).toBe(`PHQ-9 (weekly) ${w.u}`);
  });

  it("migrations 20261205080000 and 20261205120000 bring earlier clinics' copies to the library's French names, except a name the clinic gave", async () => {
    const w = await makeWorld();
    const first = updatesOf("20261205080000_french_names", w.clinic.id);
    const second = updatesOf("20261205120000_french_library_names", w.clinic.id);
    expect([first.length, second.length]).toEqual([2, 2]);
    const mine = { book: { clinicId: w.clinic.id } };
    const seen = await db
      .$transaction(async (tx) => {
        // As a clinic copied before the column: no French names; one book and one module renamed in English.
        await tx.book.updateMany({ where: { clinicId: w.clinic.id }, data: { nameFr: null } });
        await tx.module.updateMany({ where: mine, data: { nameFr: null } });
        await tx.module.updateMany({ where: { ...mine, libraryKey: "values" }, data: { name: `Our values ${w.u}` } });
        await tx.book.updateMany({
          where: { clinicId: w.clinic.id, libraryKey: "sleep" },
          data: { name: `Our sleep ${w.u}` },
        });
        for (const u of first) await tx.$executeRawUnsafe(u);
        // Between the two, the clinic writes French names of its own.
        await tx.book.updateMany({
          where: { clinicId: w.clinic.id, libraryKey: "measures-trauma" },
          data: { nameFr: `Trauma : nos fiches ${w.u}` },
        });
        await tx.module.updateMany({
          where: { ...mine, libraryKey: "phq-9" },
          data: { nameFr: `Questionnaire PHQ-9 ${w.u}` },
        });
        for (const u of second) await tx.$executeRawUnsafe(u);
        const modules = await tx.module.findMany({
          where: { ...mine, libraryKey: { not: null } },
          select: { libraryKey: true, nameFr: true },
        });
        const books = await tx.book.findMany({
          where: { clinicId: w.clinic.id, libraryKey: { not: null } },
          select: { libraryKey: true, nameFr: true },
        });
        throw new Rollback({ modules, books });
      })
      .catch((e: unknown) => {
        if (e instanceof Rollback) return e.seen;
        throw e;
      });
    const byKey = (rows: { libraryKey: string | null; nameFr: string | null }[]) =>
      Object.fromEntries(rows.map((r) => [r.libraryKey, r.nameFr]));
    const own: Record<string, string | null> = {
      values: null,
      "phq-9": `Questionnaire PHQ-9 ${w.u}`,
      sleep: null,
      "measures-trauma": `Trauma : nos fiches ${w.u}`,
    };
    const expected = (named: { key: string; nameFr: string | null }[]) =>
      Object.fromEntries(named.map((n) => [n.key, n.key in own ? own[n.key] : n.nameFr]));
    expect(byKey(seen.modules)).toEqual(expected(LIBRARY_BOOKS.flatMap((b) => b.modules)));
    expect(byKey(seen.books)).toEqual(expected(LIBRARY_BOOKS));
    // Rolled back: the world's copies are as the clinic's creation made them.
    const values = await db.module.findFirstOrThrow({
      where: { ...mine, libraryKey: "values" },
      select: { name: true, nameFr: true },
    });
    expect(values).toEqual({ name: "Values: what matters to you", nameFr: "Valeurs : ce qui compte pour vous" });
  });
});

/**
 * A migration's UPDATEs, each confined to one clinic's rows: run on the shared test database, they
 * must not lock or change the worlds of other files. Each ends on its WHERE over `b` (a book) or `m`
 * (a module).
 */
function updatesOf(migration: string, clinicId: number): string[] {
  const ownRows: Record<string, string> = {
    b: `b."clinicId" = ${String(clinicId)}`,
    m: `m."bookId" IN (SELECT id FROM "Book" WHERE "clinicId" = ${String(clinicId)})`,
  };
  return readFileSync(path.join(ROOT, "prisma/migrations", migration, "migration.sql"), "utf8")
    .replace(/^\s*--.*$/gm, "")
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s.startsWith("UPDATE"))
    .map((s) => {
      const own = ownRows[/^UPDATE "\w+" (\w+)/.exec(s)?.[1] ?? ""];
      if (!own) throw new Error(`an UPDATE over neither b nor m: ${s.slice(0, 40)}`);
      return `${s} AND ${own}`;
    });
}

type Seen = {
  modules: { libraryKey: string | null; nameFr: string | null }[];
  books: { libraryKey: string | null; nameFr: string | null }[];
};

/** Ends the migration's transaction, carrying what it saw. */
class Rollback extends Error {
  constructor(readonly seen: Seen) {
    super("rolled back");
  }
}
