// A real SMTP server on loopback (the smtp-server package) for the tests and the benchmark: every
// message it receives is parsed and written as JSON to a folder, where tests in any process read it
// (e2e/support/mailbox.ts).
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { freePort } from "./embedded-postgres";

export type CapturedMail = { to: string[]; from: string; subject: string; text: string; html: string; at: string };
export type MailCapture = { url: string; dir: string; stop: () => Promise<void> };

export async function startMailCapture(dir: string): Promise<MailCapture> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((m) => {
          const mail: CapturedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: m.subject ?? "",
            text: m.text ?? "",
            html: typeof m.html === "string" ? m.html : "",
            at: new Date().toISOString(),
          };
          // Written under a name readers skip, then renamed: a test polling the folder never
          // reads a message half-written.
          const name = `${Date.now()}-${randomBytes(4).toString("hex")}.json`;
          writeFileSync(path.join(dir, `${name}.part`), JSON.stringify(mail));
          renameSync(path.join(dir, `${name}.part`), path.join(dir, name));
          callback();
        })
        .catch((e: unknown) => {
          callback(e instanceof Error ? e : new Error(String(e)));
        });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    // The messages are the run's own: a folder left behind per run piled up under .data.
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
