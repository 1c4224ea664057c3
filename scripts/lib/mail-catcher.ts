// The demo's mail catcher (maildev): when no SMTP_URL is configured, `npm start` sends every email
// to this SMTP server on loopback, and its web inbox shows them. Messages are kept as files under
// .data/mail, so the inbox survives restarts.
import path from "node:path";
import { MailDev } from "maildev";
import { DATA_DIR } from "./local-database";

export type MailCatcher = { smtpUrl: string; inboxUrl: string; stop: () => Promise<void> };

export async function startMailCatcher(ports: { smtp: number; web: number }): Promise<MailCatcher> {
  const maildev = new MailDev({
    smtp: ports.smtp,
    web: ports.web,
    ip: "127.0.0.1",
    webIp: "127.0.0.1",
    mailDirectory: path.join(DATA_DIR, "mail"),
    silent: true,
  });
  await maildev.start();
  return {
    smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
    // The inbox is a single-page app: its root answers a browser (Accept: text/html) with the page;
    // a client asking for anything else gets 404 there. Its API is /api/email.
    inboxUrl: `http://localhost:${ports.web}/`,
    stop: () => maildev.stop(),
  };
}
