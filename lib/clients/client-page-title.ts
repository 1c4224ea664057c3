import "server-only";
import type { Metadata } from "next";
import type { Session } from "next-auth";
import { createTranslator } from "use-intl/core";
import { webSession } from "@/lib/auth/page-session";
import { ownLanguage } from "@/lib/clients/own-frame";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Lang } from "@/lib/schemas/module-definition";

const TITLES = {
  home: "home.title",
  assignment: "frame.homework",
  session: "conversation.title",
  settings: "settings.title",
} as const;

/** The language of the pages of whoever asks: the client's own, English before sign-in and for others. */
export async function readerLanguage(): Promise<Lang> {
  const user: Session["user"] | undefined = (await webSession())?.user;
  return user?.accountId && user.role === "CLIENT" ? await ownLanguage(user.accountId) : "en";
}

/** The title of a client's page in the client's language (English before sign-in and for others). */
export async function pageTitleOf(page: keyof typeof TITLES): Promise<Metadata> {
  const lang = await readerLanguage();
  // Through a translator, not the messages' text: the build compiles each message (next.config.js).
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang] });
  return { title: t(TITLES[page]) };
}
