import "server-only";
import type { Scope } from "@/lib/auth/scope";
import type { Prisma } from "@/lib/generated/prisma/client";
import { careTeamClient } from "@/lib/sessions/care-team";

/**
 * The sessions whose documents a caller may list, attach and download: the client's own, those of
 * a caregiver's care-team clients (care-team.ts), its clinic's for staff, its clinics' for an
 * institute. The same rule as reading a session (session-scope.ts), with the client added.
 */
export function documentSessions(scope: Scope): Prisma.SessionWhereInput {
  switch (scope.role) {
    case "CLIENT":
      return { clientId: scope.clientId };
    case "CAREGIVER":
      return { client: careTeamClient(scope.caregiverId) };
    case "CLINIC":
      return { clinicId: scope.clinicId };
    case "INSTITUTE":
      return { clinic: { instituteId: scope.instituteId } };
  }
}
