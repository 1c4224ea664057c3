import "server-only";
import type { ClientScope } from "@/lib/auth/scope";
import { db } from "@/lib/db/prisma";
import { notFound } from "@/lib/errors";
import { ModuleDefinition, type ModuleDefinitionT } from "@/lib/schemas/module-definition";

export type OwnModuleVersion = { versionId: number; definition: ModuleDefinitionT; isTest: boolean };

/**
 * The module version the client's own assignment was given: what its answers are checked and
 * scored against. A version never changes and neither does an assignment's version, so reading it
 * before the lifecycle's lock is reading what holds under it; the write names the version read
 * (`moduleVersionId = versionId`) all the same, so it can only land on answers checked against it.
 */
export async function readOwnModuleVersion(scope: ClientScope, id: number): Promise<OwnModuleVersion> {
  const a = await db().assignment.findFirst({
    where: { id, session: { clientId: scope.clientId } },
    select: { moduleVersion: { select: { id: true, definition: true } } },
  });
  if (!a) throw notFound("assignment");
  // Stored through this schema (authoring, the library, the factories); parsed to type it.
  const definition = ModuleDefinition.parse(a.moduleVersion.definition);
  // A test by the version given, not by the module now: an edit that drops the scoring must not
  // leave work already given unscored (and its alerts unraised).
  return { versionId: a.moduleVersion.id, definition, isTest: definition.scoring !== undefined };
}
