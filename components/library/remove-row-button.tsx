"use client";

import { Button } from "@/components/ui/button";

/** "Remove" for one row of a repeated group, named for screen readers: "Remove option 3". */
export function RemoveRowButton({ what, index, onRemove }: { what: string; index: number; onRemove: () => void }) {
  return (
    <Button
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
