"use client";

import { CircleCheckIcon, InfoIcon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, type CSSProperties } from "react";
import type { ToasterProps, toast as sonnerToast } from "sonner";
import { useDocumentLanguage } from "@/components/document-language";
import type { Lang } from "@/lib/schemas/module-definition";

// Toasts (sonner): announced politely to screen readers, themed by the design tokens. sonner (13 KB
// on the wire) is on every page but needed on none before someone acts: it loads in the browser
// once the page has rendered, apart from its scripts, and a toast asked for before that waits for it.
const loadSonner = () => import("sonner");
const Sonner = dynamic(() => loadSonner().then((m) => m.Toaster), { ssr: false });

// A success said on the page that a whole page load goes to (a sign-in ends in one, so that the
// document is drawn for its reader): kept in this tab until that page's toaster says it, once.
const AFTER_LOAD = "toast-after-load";

/** Says `message` as a success once the next page of this tab has loaded. */
function toastAfterLoad(message: string) {
  try {
    sessionStorage.setItem(AFTER_LOAD, message);
  } catch {
    // Storage refused (a private mode's quota): the page still loads, without the toast.
  }
}

function useToastAfterLoad() {
  useEffect(() => {
    let message: string | null = null;
    try {
      message = sessionStorage.getItem(AFTER_LOAD);
      sessionStorage.removeItem(AFTER_LOAD);
    } catch {
      return;
    }
    if (message) toast.success(message);
  }, []);
}

/** The toasts' own words (their region's name, a toast's close button) in each language. */
type ToasterWords = Record<Lang, { region: string; close: string }>;

function Toaster({ lang, words, ...props }: ToasterProps & { lang: Lang; words: ToasterWords }) {
  useToastAfterLoad();
  const said = words[useDocumentLanguage(lang)];
  return (
    <Sonner
      containerAriaLabel={said.region}
      theme="light"
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="size-4 text-success" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4 text-destructive" />,
      }}
      style={
        {
          "--normal-bg": "var(--color-popover)",
          "--normal-text": "var(--color-popover-foreground)",
          "--normal-border": "var(--color-border)",
          "--border-radius": "var(--radius)",
        } as CSSProperties
      }
      {...props}
      toastOptions={{ ...props.toastOptions, closeButtonAriaLabel: said.close }}
    />
  );
}

// The three kinds take the same arguments (a message, and options). Each answers the toast's id at
// once, as sonner's own do: the id is made here and given to sonner when it has loaded.
type ToastArgs = Parameters<typeof sonnerToast.success>;
let made = 0;
const later =
  (kind: "success" | "info" | "error") =>
  (message: ToastArgs[0], data?: ToastArgs[1]): string | number => {
    const id = data?.id ?? `toast-${String(++made)}`;
    void loadSonner().then((m) => m.toast[kind](message, { ...data, id }));
    return id;
  };

/** sonner's `toast` for the kinds the pages use. */
const toast = { success: later("success"), info: later("info"), error: later("error") };

export { Toaster, toast, toastAfterLoad };
