import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { LIBRARY_BOOKS } from "./books";
import type { LibraryBook } from "./types";

type Writer = Pick<PrismaClient, "book" | "module" | "moduleVersion">;

/**
 * Gives a clinic its own editable copy of the library's books, each module at version 1. Three
 * statements whatever the library's size, since every new clinic (and every test world) pays them;
 * run it in the transaction that creates the clinic so that a clinic never exists without them.
 */
export async function copyLibrary(p: Writer, clinicId: number, books: readonly LibraryBook[] = LIBRARY_BOOKS) {
  const made = await p.book.createManyAndReturn({
    data: books.map((b) => ({
      clinicId,
      name: b.name,
      nameFr: b.nameFr,
      description: b.description,
      libraryKey: b.key,
    })),
    select: { id: true, libraryKey: true },
  });
  const bookIds = new Map(made.map((b) => [b.libraryKey, b.id]));
  const idOf = (key: string) => {
    const id = bookIds.get(key);
    if (id === undefined) throw new Error(`the library book ${key} was not copied`);
    return id;
  };
  const modules = await p.module.createManyAndReturn({
    data: books.flatMap((b) =>
      b.modules.map((m, i) => ({
        bookId: idOf(b.key),
        name: m.name,
        nameFr: m.nameFr,
        position: i + 1,
        isTest: m.definition.scoring !== undefined,
        libraryKey: m.key,
      })),
    ),
    select: { id: true, bookId: true, libraryKey: true },
  });
  const moduleIds = new Map(modules.map((m) => [`${m.bookId}/${m.libraryKey ?? ""}`, m.id]));
  await p.moduleVersion.createMany({
    data: books.flatMap((b) =>
      b.modules.map((m) => {
        const moduleId = moduleIds.get(`${idOf(b.key)}/${m.key}`);
        if (moduleId === undefined) throw new Error(`the library module ${m.key} was not copied`);
        return { moduleId, version: 1, definition: m.definition };
      }),
    ),
  });
  return { books: made.length, modules: modules.length };
}
