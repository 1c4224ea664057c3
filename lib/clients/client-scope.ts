import "server-only";
import type { Scope } from "@/lib/auth/scope";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The clients a caller may see: its clinic's, its institute's, or those whose care team it is on. */
export function visibleClients(scope: Scope): Prisma.ClientWhereInput {
  switch (scope.role) {
    case "CLINIC":
      return { clinicId: scope.clinicId! };
    case "INSTITUTE":
      return { clinic: { instituteId: scope.instituteId! } };
    case "CAREGIVER":
      return { careTeam: { some: { caregiverId: scope.caregiverId! } } };
    default:
      return { id: -1 };
  }
}
