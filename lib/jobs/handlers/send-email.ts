import "server-only";
import { openSecret } from "@/lib/auth/secret-box";
import { env } from "@/lib/env";
import { renderMail } from "@/lib/mail/render-mail";
import { sendMail, siteUrl } from "@/lib/mail/send-mail";
import type { MailKind, TaskPayload } from "../tasks";

const CLINIC_KINDS: ReadonlySet<MailKind> = new Set(["escalation", "duty-escalation", "duty-changed"]);

/** Renders and sends one email. The link is this site's: a path from the params, or the invitation. */
export async function sendEmail(p: TaskPayload<"send-email">): Promise<void> {
  const base = siteUrl();
  const path =
    p.kind === "invitation" && p.sealedToken
      ? `/invite/${openSecret(p.sealedToken, env().SECRET_KEY)}`
      : typeof p.params.path === "string" && p.params.path.startsWith("/")
        ? p.params.path
        : "/";
  const params = Object.fromEntries(Object.entries(p.params).filter(([k]) => k !== "path"));
  // The clinic's staff and its duty contact have no email settings: an escalation, or a change of
  // who gets one, cannot be turned off.
  const settings = CLINIC_KINDS.has(p.kind) ? null : `${base}/settings`;
  await sendMail(p.to, renderMail(p.kind, p.language, params, `${base}${path}`, settings));
}
