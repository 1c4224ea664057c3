import { createTranslator } from "use-intl/core";
import { MAIL_WORDS } from "@/lib/mail/mail-words";
import type { MailKind } from "@/lib/jobs/tasks";

/** Counts a kind's words came to need after its first emails: one queued before still renders. */
const PARAMS_SINCE: Partial<Record<MailKind, Record<string, number>>> = { digest: { toReview: 0 } };

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The email of one kind in the person's language, as plain text and HTML: a sentence, one link,
 * the footer. The words live in messages/email/*.json; nothing of a person's care is in
 * them, whatever the params (counts and an audience only).
 */
export function renderMail(
  kind: MailKind,
  language: "EN" | "FR",
  params: Record<string, string | number>,
  link: string,
  /** The person's email settings; null for someone who has none (the clinic's staff). */
  settingsLink: string | null,
): RenderedMail {
  const locale = language === "FR" ? "fr" : "en";
  const t = createTranslator({ locale, messages: MAIL_WORDS[locale], namespace: "email" });
  const subject = t(`${kind}.subject`);
  const body = t(`${kind}.body`, { ...PARAMS_SINCE[kind], ...params });
  const action = t(`${kind}.action`);
  const footer = t("footer");
  const settings = t("settings");
  // French puts a (no-break) space before a colon.
  const colon = locale === "fr" ? "\u00a0:" : ":";
  const text = `${body}\n\n${action}${colon} ${link}\n\n--\n${footer}\n${settingsLink ? `${settings}${colon} ${settingsLink}\n` : ""}`;
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="font-size:13px;color:#4b5563">${escapeHtml(footer)}${settingsLink ? ` <a href="${escapeHtml(settingsLink)}">${escapeHtml(settings)}</a>` : ""}</p>
</body></html>`;
  return { subject, text, html };
}
