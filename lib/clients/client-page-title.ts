import "server-only";
import type { Metadata } from "next";
import type { Session } from "next-auth";
import { webSession } from "@/lib/auth/page-session";
import { ownLanguage } from "@/lib/clients/own-frame";
import { MESSAGES } from "@/lib/i18n/messages";

/** The title of a client's page in the client's language (English before sign-in). */
export async function pageTitleOf(page: "home" | "assignment" | "session"): Promise<Metadata> {
  const user: Session["user"] | undefined = (await webSession())?.user;
  const lang = user?.accountId && user.role === "CLIENT" ? await ownLanguage(user.accountId) : "en";
  const words = MESSAGES[lang];
  const titles = { home: words.home.title, assignment: words.frame.homework, session: words.conversation.title };
  return { title: titles[page] };
}
