import { describe, expect, it } from "vitest";
import { LIBRARY_BOOKS } from "@/lib/library/books";
import { makeClinic } from "@/prisma/factories";
import { api, db, makeWorld, uid } from "./support/world";

// Every new clinic starts with its own editable copy of the library (issue 11): the clinic's staff
// find the library's books in the catalog, each module at version 1 with the library's definition.
describe("the library in a new clinic", () => {
  it("lists the library's books with their modules in the clinic's catalog, tests marked", async () => {
    const w = await makeWorld();
    const r = await api("/gateway/profile/clinic/book?size=100", { token: await w.token("staff") });
    expect(r.status).toBe(200);
    const books: { id: number; name: string; clinicId: number; modules: { name: string; isTest: boolean }[] }[] =
      r.json.content;
    for (const lb of LIBRARY_BOOKS) {
      const copy = books.find((b) => b.name === lb.name);
      expect(copy, lb.name).toBeDefined();
      expect(copy?.clinicId).toBe(w.clinic.id);
      expect(copy?.modules.map((m) => [m.name, m.isTest])).toEqual(
        lb.modules.map((m) => [m.name, m.definition.scoring !== undefined]),
      );
    }
    // Beside the clinic's own books.
    expect(r.json.totalElements).toBe(LIBRARY_BOOKS.length + 2);
    expect(books.map((b) => b.id)).toEqual(expect.arrayContaining([w.book.id, w.book2.id]));
  });

  it("stores each copy with its library keys and the library's definition as version 1, apart for each clinic", async () => {
    const w = await makeWorld();
    const other = await makeClinic(db, {
      name: `Other ${w.u}`,
      email: `other-${uid()}@test.test`,
      instituteId: w.institute.id,
    });
    const copies = async (clinicId: number) =>
      db.book.findMany({
        where: { clinicId, libraryKey: { not: null } },
        orderBy: { id: "asc" },
        select: {
          id: true,
          libraryKey: true,
          description: true,
          modules: {
            orderBy: { position: "asc" },
            select: { id: true, libraryKey: true, versions: { select: { version: true, definition: true } } },
          },
        },
      });
    const mine = await copies(w.clinic.id);
    expect(mine.map((b) => [b.libraryKey, b.description])).toEqual(LIBRARY_BOOKS.map((b) => [b.key, b.description]));
    mine.forEach((b, i) => {
      const lb = LIBRARY_BOOKS[i]!;
      expect(b.modules.map((m) => m.libraryKey)).toEqual(lb.modules.map((m) => m.key));
      b.modules.forEach((m, j) => {
        expect(m.versions).toEqual([{ version: 1, definition: JSON.parse(JSON.stringify(lb.modules[j]!.definition)) }]);
      });
    });
    // The other clinic's copies are its own rows: editing one clinic's module leaves the other's as it was.
    const theirs = await copies(other.id);
    // Books and modules are apart table by table (a book's id may equal a module's).
    const bookIds = (bs: typeof mine) => bs.map((b) => b.id);
    const moduleIds = (bs: typeof mine) => bs.flatMap((b) => b.modules.map((m) => m.id));
    expect(theirs.map((b) => b.libraryKey)).toEqual(mine.map((b) => b.libraryKey));
    expect(bookIds(theirs).filter((id) => bookIds(mine).includes(id))).toEqual([]);
    expect(moduleIds(theirs).filter((id) => moduleIds(mine).includes(id))).toEqual([]);
  });

  it("keeps a standard measure's definition as published: renamed yes, changed no (409, nothing stored); an exercise copy changes", async () => {
    const w = await makeWorld();
    const token = await w.token("staff");
    const copyOf = (key: string) =>
      db.module.findFirstOrThrow({ where: { libraryKey: key, book: { clinicId: w.clinic.id } }, select: { id: true } });
    const phq9 = await copyOf("phq-9");
    const path = `/gateway/profile/clinic/module/${String(phq9.id)}`;
    const read = await api(path, { token });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ libraryKey: "phq-9", standard: true, version: 1 });
    const { definition } = read.json;
    // Found by the clinical review of 2026-11-29: a copy without item 9's alert still counted as PHQ-9.
    for (const changed of [
      { ...definition, scoring: { ...definition.scoring, alerts: [] } },
      { ...definition, blocks: definition.blocks.slice(1) },
    ]) {
      const r = await api(path, { method: "PATCH", token, body: { name: "My PHQ-9", definition: changed } });
      expect(r.status, r.text).toBe(409);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      expect(r.json.detail).toMatch(/standard/);
    }
    const stored = await db.module.findUniqueOrThrow({
      where: { id: phq9.id },
      select: { name: true, versions: { select: { version: true } } },
    });
    expect(stored).toEqual({ name: "PHQ-9", versions: [{ version: 1 }] });
    // The same definition with a new name: renamed, still version 1.
    const renamed = await api(path, { method: "PATCH", token, body: { name: "PHQ-9 (weekly)", definition } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toMatchObject({ name: "PHQ-9 (weekly)", version: 1, standard: true });

    const thoughts = await copyOf("thought-record");
    const exercise = await api(`/gateway/profile/clinic/module/${String(thoughts.id)}`, { token });
    expect(exercise.json.standard).toBe(false);
    const edited = await api(`/gateway/profile/clinic/module/${String(thoughts.id)}`, {
      method: "PATCH",
      token,
      body: { definition: { ...exercise.json.definition, blocks: exercise.json.definition.blocks.slice(1) } },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.version).toBe(2);
  });
});
