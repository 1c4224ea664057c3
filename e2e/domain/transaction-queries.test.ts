import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { readCaregiver } from "@/lib/caregivers/read-caregiver";
import { createDocument } from "@/lib/documents/create-document";
import { postMessage } from "@/lib/messages/post-message";
import { PNG_1x1 } from "../support/images";
import type { World } from "../support/world";
import { makeWorld } from "./support/domain-world";

// A transaction runs on one connection, and pg 9 refuses a statement sent while another is under
// way on it. Prisma 7.10 loads two relations or more of one read at once; these three operations
// read them inside a transaction (docs/architecture.md, lib/db/prisma-pg-in-turn.ts).

/** The most statements one pg connection had under way at once while `run` ran. */
async function mostAtOnceOnAConnection(run: () => Promise<unknown>): Promise<number> {
  const underWay = new Map<pg.Client, number>();
  let most = 0;
  const { prototype } = pg.Client;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back below, never called unbound
  const query = prototype.query;
  // Counts and calls through: every statement still reaches PostgreSQL as before.
  prototype.query = new Proxy(query, {
    apply(target, client: pg.Client, args: unknown[]): unknown {
      const result: unknown = Reflect.apply(target, client, args);
      if (!(result instanceof Promise)) return result;
      const now = (underWay.get(client) ?? 0) + 1;
      underWay.set(client, now);
      most = Math.max(most, now);
      const done = () => {
        underWay.set(client, (underWay.get(client) ?? 1) - 1);
      };
      result.then(done, done);
      return result;
    },
  });
  try {
    await run();
  } finally {
    prototype.query = query;
  }
  return most;
}

describe("a transaction's statements", () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it("reach its connection one at a time when staff read a care provider's detail", async () => {
    const staff = await w.scope("staff");
    expect(
      await mostAtOnceOnAConnection(async () => {
        const detail = await readCaregiver(staff, w.carer.id, 0);
        expect(detail).toMatchObject({ name: w.carer.name, clinics: [{ id: w.clinic.id }], hasSignIn: true });
      }),
    ).toBe(1);
  });

  it("reach its connection one at a time when a caregiver writes a message", async () => {
    const carer = await w.scope("carer");
    expect(
      await mostAtOnceOnAConnection(async () => {
        const { value } = await postMessage(carer, w.session.id, "See you on Monday.", {
          offset: 0,
          idempotencyKey: null,
        });
        expect(value.author).toEqual({ role: "CAREGIVER", name: w.carer.name });
      }),
    ).toBe(1);
  });

  it("reach its connection one at a time when a client attaches a document", async () => {
    const client = await w.scope("client");
    expect(
      await mostAtOnceOnAConnection(async () => {
        const { document } = await createDocument(
          client,
          w.session.id,
          { name: "drawing.png", data: PNG_1x1 },
          { offset: 0, idempotencyKey: null },
        );
        expect(document).toMatchObject({
          name: "drawing.png",
          uploadedByRole: "CLIENT",
          uploadedByName: w.client.name,
        });
      }),
    ).toBe(1);
  });
});
