/**
 * Prisma's select of a module's current version (the newest): what a new assignment is given, and
 * keeps however the module is edited afterwards.
 */
export const CURRENT_VERSION = { select: { id: true }, orderBy: { version: "desc" }, take: 1 } as const;

/** The id of a module's current version, as selected with CURRENT_VERSION. */
export function currentVersionId(m: { id: number; versions: { id: number }[] }): number {
  const [v] = m.versions;
  // Every module is made with its version 1 (factories, authoring, the library copy, the migration).
  if (!v) throw new Error(`module ${m.id} has no version`);
  return v.id;
}
