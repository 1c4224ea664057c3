import "server-only";
import { uniqueViolation, violates } from "@/lib/db/errors";
import { conflict } from "@/lib/errors";

/**
 * Runs a write that gives a book or a design plan in use its name (made, renamed or brought back).
 * Two in use in one clinic never share a name as it reads (docs/library.md, "One name in use"): the
 * partial unique index and a trigger failing in its name keep the rule, racing requests included,
 * and its violation is a 409 at `name`, or at `archived` when bringing it back was all that was asked.
 */
export async function withNameInUse<T>(
  what: "book" | "design plan",
  input: { name?: string; archived?: boolean },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (!violates(uniqueViolation(e), "name")) throw e;
    if (input.name !== undefined)
      throw conflict(
        `a ${what} in use in the clinic already has this name: choose another, or rename or archive that one first`,
        "name",
      );
    throw conflict(
      `a ${what} in use in the clinic already has this ${what}'s name: rename one of them first; this one stays archived`,
      "archived",
    );
  }
}
