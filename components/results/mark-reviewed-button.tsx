"use client";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { ErrorState } from "@/components/ui/states";
import { mutateThen, type useReviewAlert } from "@/lib/api-client/mutations";

/** The button that marks alerts reviewed (`mark`), the toast that says it did, and its failure. */
export function MarkReviewedButton({
  mark,
  label,
  done,
}: {
  mark: ReturnType<typeof useReviewAlert>;
  label: string;
  /** The toast once marked. */
  done: string;
}) {
  return (
    <>
      <div>
        <Button
          type="button"
          size="sm"
          variant="outline"
          pending={mark.isPending}
          onClick={() => {
            mutateThen(mark, undefined, () => toast.success(done));
          }}
        >
          {mark.isPending ? "Marking…" : label}
        </Button>
      </div>
      {mark.isError && <ErrorState error={mark.error} className="my-0" />}
    </>
  );
}
