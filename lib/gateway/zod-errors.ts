import type { z } from "zod";
import type { FieldError } from "@/lib/errors";

/** zod issues as the contract's `errors: [{path, message}]`, paths like `session.bookIdList.1`. */
export function zodFieldErrors(error: z.ZodError, prefix = ""): FieldError[] {
  return error.issues.slice(0, 50).map((i) => {
    const path = [prefix, ...i.path.map(String)].filter(Boolean).join(".");
    return { path: path || "(body)", message: i.message };
  });
}
