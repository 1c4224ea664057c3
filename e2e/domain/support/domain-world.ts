// The in-process tests' world: the one builder on the test stack's database. Scopes come from
// `world.scope(who)` (e2e/support/world.ts's scopeOf), as the product loads them.
import { inject } from "vitest";
import { scriptClient } from "@/scripts/lib/script-client";
import { buildWorld } from "../../support/world";

export const db = scriptClient(inject("databaseUrl"));

export const makeWorld = () => buildWorld(db);
