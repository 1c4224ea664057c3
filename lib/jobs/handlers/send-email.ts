import "server-only";
import { openSecret } from "@/lib/auth/secret-box";
import { env } from "@/lib/env";
import { renderMail } from "@/lib/mail/render-mail";
import { sendMail, siteUrl } from "@/lib/mail/send-mail";
import type { MailKind, TaskPayload } from "../tasks";

// The clinic's staff and its duty contact have no email settings: an escalation, or a change of
// who gets one, cannot be turned off; nor can a password reset, which the person asked for.
const NO_SETTINGS: ReadonlySet<MailKind> = new Set(["escalation", "duty-escalation", "duty-changed", "password-reset"]);

/** The page a sealed token opens, by kind. */
const TOKEN_PAGES: Partial<Record<MailKind, string>> = { invitation: "/invite/", "password-reset": "/reset-password/" };

/** Renders and sends one email. The link is this site's: a path from the params, or a token's page. */
export async function sendEmail(p: TaskPayload<"send-email">): Promise<void> {
  const base = siteUrl();
  const tokenPage = TOKEN_PAGES[p.kind];
  const path =
    tokenPage && p.sealedToken
      ? `${tokenPage}${openSecret(p.sealedToken, env().SECRET_KEY)}`
      : typeof p.params.path === "string" && p.params.path.startsWith("/")
        ? p.params.path
        : "/";
  const params = Object.fromEntries(Object.entries(p.params).filter(([k]) => k !== "path"));
  const settings = NO_SETTINGS.has(p.kind) ? null : `${base}/settings`;
  await sendMail(p.to, renderMail(p.kind, p.language, params, `${base}${path}`, settings));
}
