"use client";

import { Fragment, useRef, useState, type Key, type ReactElement, type Ref } from "react";
import { flushSync } from "react-dom";
import { Button } from "@/components/ui/button";

/**
 * A list of which only the first `first` items show, then a button that shows the rest: for lists
 * that grow for as long as someone is in care, so that a page draws a few of them on each load
 * (docs/ui.md, "Long lists"). `item` draws one `<li>`; the link it is given a ref for is the first
 * one the button adds, where the keyboard's focus goes once they show.
 */
export function FirstItems<T>({
  items,
  first,
  keyOf,
  item,
  showAll,
  className,
}: {
  items: readonly T[];
  first: number;
  keyOf: (t: T) => Key;
  item: (t: T, linkRef: Ref<HTMLAnchorElement> | undefined) => ReactElement;
  /** The button's words, given how many items there are in all. */
  showAll: (count: number) => string;
  className?: string;
}) {
  const [all, setAll] = useState(false);
  const firstAdded = useRef<HTMLAnchorElement>(null);
  const shown = all ? items : items.slice(0, first);
  const showRest = () => {
    // Drawn at once, so that the focus can go where the new items start.
    flushSync(() => {
      setAll(true);
    });
    firstAdded.current?.focus();
  };
  return (
    <>
      <ul className={className}>
        {shown.map((t, i) => (
          <Fragment key={keyOf(t)}>{item(t, i === first ? firstAdded : undefined)}</Fragment>
        ))}
      </ul>
      {shown.length < items.length && (
        <Button variant="outline" className="self-start" onClick={showRest}>
          {showAll(items.length)}
        </Button>
      )}
    </>
  );
}
