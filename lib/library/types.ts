import type { ModuleDefinitionT } from "@/lib/schemas/module-definition";

/** A module of the library that ships with the product; every new clinic gets its own copy. */
export type LibraryModule = {
  /** Stable across releases: the copy remembers it (Module.libraryKey), e.g. "phq-9". */
  key: string;
  name: string;
  /**
   * The name a French-speaking client reads (Module.nameFr). Null for a measure known by the same
   * acronym in both languages: a clinic's later rename in English then reaches French clients too.
   */
  nameFr: string | null;
  definition: ModuleDefinitionT;
};

/** A book of the library: modules used together as homework. */
export type LibraryBook = {
  key: string;
  name: string;
  /** The name a French-speaking client reads (Book.nameFr). */
  nameFr: string;
  description: string;
  modules: LibraryModule[];
};
