import en from "@/messages/email/en.json";
import fr from "@/messages/email/fr.json";

/**
 * The emails' words, by language. Apart from the client pages' words (messages/<lang>.json), which
 * the client's pages hand to the browser whole: these are the server's alone.
 */
export const MAIL_WORDS = { en, fr } satisfies Record<"en" | "fr", typeof en>;
