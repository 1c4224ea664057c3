import "server-only";
import type { Scope } from "@/lib/auth/scope";
import type { Prisma } from "@/lib/generated/prisma/client";
import { careTeamClient } from "@/lib/sessions/care-team";

/**
 * The clients a caller may see: its clinic's, its institute's, or those a caregiver may see
 * (care-team.ts; an erased client has no care team). An erased client's row (erase-client.ts) is
 * kept for the audit trail only: no one sees it.
 */
export function visibleClients(scope: Scope): Prisma.ClientWhereInput {
  switch (scope.role) {
    case "CLINIC":
      return { clinicId: scope.clinicId, erasedAt: null };
    case "INSTITUTE":
      return { clinic: { instituteId: scope.instituteId }, erasedAt: null };
    case "CAREGIVER":
      return careTeamClient(scope.caregiverId);
    case "CLIENT":
      return { id: -1 };
  }
}
