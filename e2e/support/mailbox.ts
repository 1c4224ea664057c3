// Reads what the test stack's loopback SMTP server received (scripts/lib/mail-capture.ts): each
// message is a JSON file in the stack's mail folder. Tests find theirs by recipient, since every
// test world makes its own addresses.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CapturedMail } from "../../scripts/lib/mail-capture";

export type { CapturedMail };

export function mailTo(dir: string, address: string): CapturedMail[] {
  const to = address.toLowerCase();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as CapturedMail)
    .filter((m) => m.to.includes(to));
}

/** Waits until `address` has received at least `count` messages (default 1); returns them all. */
export async function waitForMail(
  dir: string,
  address: string,
  opts: { count?: number; timeoutMs?: number } = {},
): Promise<CapturedMail[]> {
  const count = opts.count ?? 1;
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const got = mailTo(dir, address);
    if (got.length >= count) return got;
    if (Date.now() > deadline) {
      throw new Error(`${address} received ${got.length} message(s), expected ${count}, within the time allowed`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link to this site in a message's plain text. */
export const linkIn = (mail: CapturedMail, base: string) => {
  const m = mail.text.match(new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s]*`));
  if (!m) throw new Error(`no link to ${base} in "${mail.subject}"`);
  return m[0];
};
