/**
 * Prisma's select of a module's current version (the newest): what a new assignment is given, and
 * keeps however the module is edited afterwards; with whether it is scored, as the assignment
 * object says it (the version's flag, kept by the database from its definition).
 */
export const CURRENT_VERSION = {
  select: { id: true, isTest: true },
  orderBy: { version: "desc" },
  take: 1,
} as const;

type CurrentVersion = { id: number; isTest: boolean };

/** A module's current version, as selected with CURRENT_VERSION. */
export function currentVersion(m: { id: number; versions: CurrentVersion[] }): CurrentVersion {
  const [v] = m.versions;
  // Every module is made with its version 1 (factories, authoring, the library copy, the migration).
  if (!v) throw new Error(`module ${m.id} has no version`);
  return v;
}

/** The id of a module's current version, as selected with CURRENT_VERSION. */
export const currentVersionId = (m: { id: number; versions: CurrentVersion[] }): number => currentVersion(m).id;
