import en from "@/messages/en.json";
import fr from "@/messages/fr.json";
import type { Lang } from "@/lib/schemas/module-definition";

/** The client's pages' words, by language (messages/*.json; French has every English key). */
export const MESSAGES: Record<Lang, typeof en> = { en, fr };

export type Messages = typeof en;
