"use client";
import Script from "next/script";
import { pages, paths } from "@/lib/api-client/paths";

declare global {
  interface Window {
    Scalar?: { createApiReference: (selector: string, config: object) => unknown };
  }
}

// Scalar's reference (served from this app by ./scalar.js/route.ts) reads the document this
// server serves; its try-it sends requests to this server. No fonts or proxy from elsewhere, no
// telemetry, no AI agent. The mount point must not be #api-reference: the bundle mounts a second
// reference of its own there, with its defaults (fonts and registry look-ups from scalar.com).
const CONFIG = {
  slug: "gateway",
  url: paths.openApi,
  defaultOpenAllTags: true,
  withDefaultFonts: false,
  telemetry: false,
  proxyUrl: "",
  hideDarkModeToggle: true,
  documentDownloadType: "json",
  agent: { disabled: true },
  authentication: { preferredSecurityScheme: "bearer" },
};

export function ScalarReference({ nonce }: { nonce?: string }) {
  return (
    <>
      <div id="scalar-reference" className="mt-8" />
      <Script
        src={pages.docsScript}
        nonce={nonce}
        onReady={() => {
          window.Scalar?.createApiReference("#scalar-reference", CONFIG);
        }}
      />
    </>
  );
}
