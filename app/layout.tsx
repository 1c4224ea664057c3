import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { createTranslator } from "use-intl/core";
import { Toaster } from "@/components/ui/sonner";
import { readerLanguage } from "@/lib/clients/own-frame";
import type { Lang } from "@/lib/schemas/module-definition";
import { MESSAGES } from "@/lib/i18n/messages";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: { default: "Care Program Platform", template: "%s · Care Program Platform" },
  description: "Clinics, care providers and clients working through care programs.",
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/mark.svg", type: "image/svg+xml" },
    ],
  },
};

/**
 * The words of the toasts and the render-error page in one language. Both languages go to the
 * browser, as a page the router shows later can change the document's
 * (components/document-language.tsx); made once, not per request.
 */
function outerWords(of: Lang) {
  const t = createTranslator({ locale: of, messages: MESSAGES[of] });
  return {
    toasts: { region: t("toasts.region"), close: t("toasts.close") },
    pageError: {
      title: t("pageError.title"),
      body: t("pageError.body"),
      reference: t("pageError.reference"),
      tryAgain: t("pageError.tryAgain"),
      home: t("pageError.home"),
    },
  };
}
const EN = outerWords("en");
const FR = outerWords("fr");

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: the CSP nonce of proxy.ts exists only then, and a page
  // pre-rendered at build time (the 404 page was) carries scripts the CSP blocks.
  await connection();
  // The whole document is in the reader's language (a French-speaking client's is French), and so
  // are the parts of every page drawn outside its own frame: the toasts and the render-error page.
  const lang = await readerLanguage();
  return (
    <html lang={lang}>
      <body className="min-h-screen">
        <Providers lang={lang} pageError={{ en: EN.pageError, fr: FR.pageError }}>
          {children}
        </Providers>
        <Toaster position="top-center" closeButton lang={lang} words={{ en: EN.toasts, fr: FR.toasts }} />
      </body>
    </html>
  );
}
