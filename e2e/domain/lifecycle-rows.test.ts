import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LockedRow, runLifecycle } from "@/lib/sessions/session-lock";

// The rows of a lifecycle message (lib/sessions/session-lock.ts) are parsed by the schema beside
// each statement: a column alias that does not match fails loudly instead of reading as undefined.
describe("lifecycle rows", () => {
  it("come back typed by the schema of their statement", async () => {
    const [locked, outcome] = await runLifecycle(
      ["select 7 as id", LockedRow],
      ["select true as closed, 2 as waiting", z.object({ closed: z.boolean(), waiting: z.number() })],
    );
    expect(locked).toEqual([{ id: 7 }]);
    expect(outcome).toEqual([{ closed: true, waiting: 2 }]);
  });

  it("fail loudly when a statement's columns are not what its schema says", async () => {
    await expect(runLifecycle(["select 7 as session_id", LockedRow])).rejects.toBeInstanceOf(z.ZodError);
    // count(*) is a bigint, which pg reads as text: the cast to int is what the schema asks for.
    await expect(runLifecycle(["select count(*) as id from (values (1)) v", LockedRow])).rejects.toBeInstanceOf(
      z.ZodError,
    );
  });
});
