import { afterAll, describe, expect, it, vi } from "vitest";

// Password verification is guarded per process (lib/auth/password.ts): a few at a time, a bounded
// queue, the rest refused. Next.js loads that module once per route bundle (the token operation,
// next-auth's sign-in), so a guard kept in the module's own variables counted each copy apart and
// let a process verify twice as many at once as configured.

const saved = { ...process.env };
afterAll(() => {
  process.env = saved;
});

describe("the process's password hashing slots", () => {
  it("are shared by every copy of the module: the second copy's verification waits for the first's slot or is refused", async () => {
    process.env.PASSWORD_HASH_CONCURRENCY = "1";
    process.env.PASSWORD_HASH_QUEUE = "0";
    vi.resetModules();
    const first = await import("@/lib/auth/password");
    vi.resetModules();
    const second = await import("@/lib/auth/password");
    expect(second.verifyPassword).not.toBe(first.verifyPassword);
    const stored = await first.hashPassword("the right one");

    const running = first.verifyPassword(stored, "the right one", "192.0.2.1");
    await expect(second.verifyPassword(stored, "the right one", "192.0.2.2")).rejects.toMatchObject({
      code: "unavailable",
    });
    await expect(running).resolves.toBe(true);
    await expect(second.verifyPassword(stored, "the right one", "192.0.2.2")).resolves.toBe(true);
  });
});
