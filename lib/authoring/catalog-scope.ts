import "server-only";
import type { ScopeOf } from "@/lib/auth/scope";
import type { Prisma } from "@/lib/generated/prisma/client";

export type AuthorScope = ScopeOf<"CLINIC" | "INSTITUTE">;
export type ReaderScope = ScopeOf<"CLINIC" | "INSTITUTE" | "CAREGIVER">;

/**
 * The clinics whose books, modules and design plans the caller may reach by id: its own (staff),
 * its institute's, or those a caregiver works in. Anything else answers 404.
 */
export function catalogClinicsWhere(scope: ReaderScope): Prisma.ClinicWhereInput {
  switch (scope.role) {
    case "CLINIC":
      return { id: scope.clinicId };
    case "INSTITUTE":
      return { instituteId: scope.instituteId };
    case "CAREGIVER":
      return { caregivers: { some: { caregiverId: scope.caregiverId } } };
  }
}
