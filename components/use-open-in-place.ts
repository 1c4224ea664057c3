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
        if (box.querySelector('[aria-busy="true"]')) return false;
        const field = box.querySelector<HTMLElement>(FIELD);
        if (field && focusIsLost()) field.focus();
        return field !== null;
      };
      if (focusFirst()) return;
      const watch = new MutationObserver(() => {
        // The person moved on meanwhile (clicked elsewhere): their focus stays theirs.
        if (focusFirst() || !focusIsLost()) watch.disconnect();
      });
      watch.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
      return () => {
        watch.disconnect();
      };
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
