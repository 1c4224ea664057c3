"use client";

import { useEffect, useRef, useState } from "react";
import { focusIsLost } from "@/components/focus";

/**
 * A form or panel that opens in place of the button that opened it ("New book", "Add homework").
 * When it closes (cancelled, or done), that button is back and takes the focus again: otherwise
 * focus falls to the top of the page with the form that had it.
 */
export function useOpenInPlace<E extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const opener = useRef<E>(null);
  const closing = useRef(false);
  useEffect(() => {
    if (open || !closing.current) return;
    closing.current = false;
    if (focusIsLost()) opener.current?.focus();
  }, [open]);
  return {
    open,
    /** The ref of the button that opens it. */
    opener,
    show: () => {
      setOpen(true);
    },
    close: () => {
      closing.current = true;
      setOpen(false);
    },
  };
}
