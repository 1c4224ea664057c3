"use client";

import { Fragment, useEffect, useRef, useState, type Key, type ReactElement, type Ref } from "react";
import { Button } from "@/components/ui/button";

/**
 * A list of which only the first `first` items show, then a button that shows the rest: for lists
 * that grow for as long as someone is in care, so that a page draws a few of them on each load
 * (docs/ui.md, "Long lists"). `item` draws one `<li>`; the link it is given a ref for is the first
 * one the button adds, where the keyboard's focus goes once they show. A list the server pages
 * gives its first items, the `total`, and `onShowAll`, which brings the rest into `items`.
 */
export function FirstItems<T>({
  items,
  first,
  total = items.length,
  onShowAll,
  busy = false,
  keyOf,
  item,
  showAll,
  className,
}: {
  items: readonly T[];
  first: number;
  /** How many items there are in all, when `items` holds only the first until the button is used. */
  total?: number;
  /** Called by the button, for a list whose other items are read only when asked for. */
  onShowAll?: () => void;
  /** The rest is being read: the button says so and waits. */
  busy?: boolean;
  keyOf: (t: T) => Key;
  item: (t: T, linkRef: Ref<HTMLAnchorElement> | undefined) => ReactElement;
  /** The button's words, given how many items there are in all. */
  showAll: (count: number) => string;
  className?: string;
}) {
  const [asked, setAsked] = useState(false);
  const focusAdded = useRef(false);
  const firstAdded = useRef<HTMLAnchorElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = asked ? items : items.slice(0, first);
  // Once the items asked for are drawn (at once, or when the server's answer comes), the focus goes
  // to the first of them, where the button stood; someone who went elsewhere meanwhile stays there.
  useEffect(() => {
    if (!focusAdded.current || !firstAdded.current) return;
    focusAdded.current = false;
    const at = document.activeElement;
    if (at === null || at === document.body || at === button.current) firstAdded.current.focus();
  });
  const showRest = () => {
    if (busy) return;
    focusAdded.current = true;
    setAsked(true);
    onShowAll?.();
  };
  return (
    <>
      <ul className={className}>
        {shown.map((t, i) => (
          <Fragment key={keyOf(t)}>{item(t, i === first ? firstAdded : undefined)}</Fragment>
        ))}
      </ul>
      {shown.length < total && (
        <Button ref={button} variant="outline" className="self-start" aria-busy={busy || undefined} onClick={showRest}>
          {showAll(total)}
        </Button>
      )}
    </>
  );
}
