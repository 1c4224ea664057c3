import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/sonner";
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

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: the CSP nonce of proxy.ts exists only then, and a page
  // pre-rendered at build time (the 404 page was) carries scripts the CSP blocks.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <Providers>{children}</Providers>
        <Toaster position="top-center" closeButton />
      </body>
    </html>
  );
}
