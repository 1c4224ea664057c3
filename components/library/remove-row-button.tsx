"use client";

import { Button } from "@/components/ui/button";

/** "Remove" for one row of a repeated group, named for screen readers: "Remove option 3". */
export function RemoveRowButton({
  id,
  what,
  index,
  onRemove,
}: {
  /** Its id from useRowFocus, which gives the focus to the next row's button once this row is gone. */
  id: string;
  what: string;
  index: number;
  onRemove: () => void;
}) {
  return (
    <Button
      id={id}
      type="button"
      size="sm"
      variant="outline"
      onClick={onRemove}
      aria-label={`Remove ${what} ${String(index + 1)}`}
    >
      Remove
    </Button>
  );
}
