import { describe, expect, it } from "vitest";
import { requireRole, scopeOfRow, type ScopeRow } from "@/lib/auth/scope";
import { AppError } from "@/lib/errors";

const row = (r: Partial<ScopeRow> & Pick<ScopeRow, "role">): ScopeRow => ({
  id: 1,
  instituteId: null,
  clinicId: null,
  caregiverId: null,
  clientId: null,
  ...r,
});

describe("Scope", () => {
  it("carries exactly the ids of its role", () => {
    expect(scopeOfRow(row({ role: "CLINIC", clinicId: 3, instituteId: 9 }))).toEqual({
      accountId: 1,
      role: "CLINIC",
      clinicId: 3,
    });
    expect(scopeOfRow(row({ role: "CAREGIVER", caregiverId: 4 }))).toEqual({
      accountId: 1,
      role: "CAREGIVER",
      caregiverId: 4,
    });
    expect(scopeOfRow(row({ role: "CLIENT", clientId: 5, clinicId: 3 }))).toEqual({
      accountId: 1,
      role: "CLIENT",
      clientId: 5,
      clinicId: 3,
    });
    expect(scopeOfRow(row({ role: "INSTITUTE", instituteId: 9 }))).toEqual({
      accountId: 1,
      role: "INSTITUTE",
      instituteId: 9,
    });
  });

  it("is no scope at all when the account lacks the id its role needs", () => {
    expect(scopeOfRow(row({ role: "CLINIC" }))).toBeNull();
    expect(scopeOfRow(row({ role: "CAREGIVER", clinicId: 3 }))).toBeNull();
    expect(scopeOfRow(row({ role: "CLIENT", clientId: 5 }))).toBeNull();
    expect(scopeOfRow(row({ role: "INSTITUTE", clinicId: 3 }))).toBeNull();
  });

  it("requireRole narrows to the roles named and answers 403 to the others", () => {
    const caregiver = scopeOfRow(row({ role: "CAREGIVER", caregiverId: 4 }));
    if (!caregiver) throw new Error("a caregiver row makes a scope");
    expect(requireRole(caregiver, "CAREGIVER").caregiverId).toBe(4);
    const refused = (() => {
      try {
        requireRole(caregiver, "CLINIC", "INSTITUTE");
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "forbidden" });
  });
});
