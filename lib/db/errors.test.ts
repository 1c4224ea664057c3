import { DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { uniqueViolation, violates } from "@/lib/db/errors";

describe("uniqueViolation", () => {
  it("names the constraint of pg's own error, which gives it as a string", () => {
    const e = Object.assign(new DatabaseError("duplicate key value violates unique constraint", 0, "error"), {
      code: "23505",
      constraint: "Client_clinicId_email_key",
    });
    const v = uniqueViolation(e);
    expect(v).toEqual({ constraint: "Client_clinicId_email_key", fields: [] });
    expect(violates(v, "email")).toBe(true);
    expect(violates(v, "externalClientId")).toBe(false);
  });

  it("is null for any other error", () => {
    expect(uniqueViolation(Object.assign(new Error("x"), { code: "23503" }))).toBeNull();
  });
});
