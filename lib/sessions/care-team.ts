import type { Scope } from "@/lib/auth/scope";

/** Prisma condition on a session: the calling caregiver is on its client's care team. */
export const onCareTeam = (scope: Scope) => ({ client: { careTeam: { some: { caregiverId: scope.caregiverId! } } } });
