import { useLocale } from "next-intl";
import { asLang } from "@/lib/i18n/lang";

/** The language of the words around the component (next-intl's locale), as the product speaks it. */
export const useLang = () => asLang(useLocale());
