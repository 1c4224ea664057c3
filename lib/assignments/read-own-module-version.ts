import "server-only";
import type { ClientScope } from "@/lib/auth/scope";
import { runSql, sqlBuilder } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { ModuleDefinition, type ModuleDefinitionT } from "@/lib/schemas/module-definition";

// One prepared statement on the shared pool, the hot path's way (lib/db/sql.ts): autosave and submit
// each read it once before their lifecycle message.
const versionQuery = (id: number, clientId: number) =>
  sqlBuilder
    .selectFrom("Assignment as a")
    .innerJoin("Session as s", "s.id", "a.sessionId")
    .innerJoin("ModuleVersion as v", "v.id", "a.moduleVersionId")
    .select(["v.id as versionId", "v.definition", "v.isTest"])
    .where("a.id", "=", id)
    .where("s.clientId", "=", clientId)
    .compile();

export type OwnModuleVersion = { versionId: number; definition: ModuleDefinitionT; isTest: boolean };

/**
 * The module version the client's own assignment was given: what its answers are checked and
 * scored against. A version never changes and neither does an assignment's version, so reading it
 * before the lifecycle's lock is reading what holds under it; the write names the version read
 * (`moduleVersionId = versionId`) all the same, so it can only land on answers checked against it.
 */
export async function readOwnModuleVersion(scope: ClientScope, id: number): Promise<OwnModuleVersion> {
  const [a] = await runSql("own-module-version", versionQuery(id, scope.clientId));
  if (!a) throw notFound("assignment");
  // Stored through this schema (authoring, the library, the factories); parsed to type it.
  const definition = ModuleDefinition.parse(a.definition);
  // A test by the version given, not by the module now: an edit that drops the scoring must not
  // leave work already given unscored (and its alerts unraised).
  return { versionId: a.versionId, definition, isTest: a.isTest };
}
