import { describe, expectTypeOf, it } from "vitest";
import type { CaregiverScope, ClientScope, ClinicScope, InstituteScope, ScopeOf } from "@/lib/auth/scope";
import type { Context } from "@/lib/gateway/handler";
import type * as assignmentOps from "@/lib/operations/assignments";
import type * as catalogOps from "@/lib/operations/catalog";
import type * as sessionOps from "@/lib/operations/sessions";
import type { closeSession } from "@/lib/sessions/close-session";
import type { readSessionDetail } from "@/lib/sessions/read-session-detail";
import type { submitAssignment } from "@/lib/assignments/submit-assignment";
import type { resolveClinic } from "@/lib/clinics/resolve-clinic";

// Checked by the type checker (npm run typecheck): a handler's scope is narrowed to the roles its
// declaration names, and each lib function asks for the roles it serves, so a declaration whose
// roles change no longer compiles against a lib function that cannot serve them.
describe("the scope a handler gets", () => {
  it("is narrowed to the roles of its declaration", () => {
    expectTypeOf<Context<typeof sessionOps.closeSession>["scope"]>().toEqualTypeOf<CaregiverScope>();
    expectTypeOf<Context<typeof sessionOps.readSession>["scope"]>().toEqualTypeOf<ScopeOf<"CAREGIVER" | "CLINIC">>();
    expectTypeOf<Context<typeof assignmentOps.submitAssignment>["scope"]>().toEqualTypeOf<ClientScope>();
    expectTypeOf<Context<typeof catalogOps.listAuditLog>["scope"]>().toEqualTypeOf<ClinicScope | InstituteScope>();
  });
  it("is what the lib functions ask for, and no wider", () => {
    expectTypeOf<Parameters<typeof closeSession>[0]>().toEqualTypeOf<CaregiverScope>();
    expectTypeOf<Parameters<typeof readSessionDetail>[0]>().toEqualTypeOf<ScopeOf<"CAREGIVER" | "CLINIC">>();
    expectTypeOf<Parameters<typeof submitAssignment>[0]>().toEqualTypeOf<ClientScope>();
    expectTypeOf<Parameters<typeof resolveClinic>[0]>().toEqualTypeOf<ClinicScope | InstituteScope>();
    expectTypeOf<ClinicScope>().not.toExtend<Parameters<typeof closeSession>[0]>();
  });
});
