"use client";
import Script from "next/script";

declare global {
  interface Window {
    Scalar?: { createApiReference: (selector: string, config: object) => unknown };
  }
}

// Scalar's reference (served from this app by ./scalar.js/route.ts) reads the document this
// server serves; its try-it sends requests to this server. No fonts or proxy from elsewhere, no
// telemetry, no AI agent.
const CONFIG = {
  url: "/gateway/openapi.json",
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
      <div id="api-reference" className="mt-8" />
      <Script
        src="/docs/scalar.js"
        nonce={nonce}
        onReady={() => {
          window.Scalar?.createApiReference("#api-reference", CONFIG);
        }}
      />
    </>
  );
}
