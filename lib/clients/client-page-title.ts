import "server-only";
import type { Metadata } from "next";
import { createTranslator } from "use-intl/core";
import { readerLanguage } from "@/lib/clients/own-frame";
import { MESSAGES } from "@/lib/i18n/messages";

const TITLES = {
  home: "home.title",
  assignment: "frame.homework",
  session: "conversation.title",
  settings: "settings.title",
} as const;

/** The title of a client's page in the client's language (English before sign-in and for others). */
export async function pageTitleOf(page: keyof typeof TITLES): Promise<Metadata> {
  const lang = await readerLanguage();
  // Through a translator, not the messages' text: the build compiles each message (next.config.js).
  const t = createTranslator({ locale: lang, messages: MESSAGES[lang] });
  return { title: t(TITLES[page]) };
}
