import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import type { RenderedMail } from "./render-mail";

declare global {
  var __mailer: Transporter | undefined;
}

/** Hands one email to the SMTP server of SMTP_URL, from MAIL_FROM; throws when it is refused. */
export async function sendMail(to: string, mail: RenderedMail): Promise<void> {
  const e = env();
  if (!e.SMTP_URL) throw new Error("SMTP_URL is not set: no email can be sent");
  globalThis.__mailer ??= nodemailer.createTransport(e.SMTP_URL);
  await globalThis.__mailer.sendMail({ from: e.MAIL_FROM, to, ...mail });
}

/** This site's address as people reach it, for the links in emails. */
export const siteUrl = () => (env().NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
