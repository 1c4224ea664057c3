"use client";

import { useEffect, useRef, useState } from "react";
import { focusIsLost } from "@/components/focus";

const FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [role="checkbox"], [href]';

/**
 * A form or panel that opens in place of the button that opened it ("New book", "Add homework").
 * The button goes as the panel comes, so the focus would fall to the top of the page both ways:
 * when it opens, the panel's first field takes it (once the panel has one: a panel loaded apart
 * comes a moment later); when it closes (cancelled, or done), the button is back and takes it.
 */
export function useOpenInPlace<E extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const opener = useRef<E>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closing = useRef(false);
  useEffect(() => {
    if (open) {
      const box = panel.current;
      if (!box) return;
      const focusFirst = () => {
        // Not while a part of it loads: what comes there (the books) may come before any field now.
        if (box.querySelector("[data-loading]")) return false;
        const field = box.querySelector<HTMLElement>(FIELD);
        if (field && focusIsLost()) field.focus();
        return field !== null;
      };
      if (focusFirst()) return;
      const watch = new MutationObserver(() => {
        if (focusFirst()) stop();
      });
      // Someone who clicks or types meanwhile has moved on, even where the focus stays on the page
      // itself: the panel does not take it from them once it has loaded.
      const stop = () => {
        watch.disconnect();
        document.removeEventListener("pointerdown", stop, true);
        document.removeEventListener("keydown", stop, true);
      };
      document.addEventListener("pointerdown", stop, true);
      document.addEventListener("keydown", stop, true);
      watch.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-loading"] });
      return stop;
    }
    if (!closing.current) return;
    closing.current = false;
    if (focusIsLost()) opener.current?.focus();
  }, [open]);
  return {
    open,
    /** The ref of the button that opens it. */
    opener,
    /** The ref of the element the panel is drawn in. */
    panel,
    show: () => {
      setOpen(true);
    },
    close: () => {
      closing.current = true;
      setOpen(false);
    },
  };
}
