import type { Role } from "@/lib/generated/prisma/enums";

// Who is calling and which ids their token is scoped to. Every lib function takes one and
// checks it inside; anything outside it answers "not found".
export type Scope = {
  accountId: number;
  role: Role;
  instituteId: number | null;
  /** CLINIC: the staff member's clinic; CLIENT: the client's clinic. */
  clinicId: number | null;
  caregiverId: number | null;
  clientId: number | null;
};
