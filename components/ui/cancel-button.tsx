"use client";

import { useRef, type ComponentProps } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

/**
 * A form's Cancel that asks before it throws away words written (`written()`), and cancels at once
 * when nothing is: a press meant for the button beside it must not lose a paragraph.
 */
export function CancelButton({
  written,
  title,
  onCancel,
  variant = "outline",
}: {
  written: () => boolean;
  /** The question asked: "Discard your feedback on …?" */
  title: string;
  onCancel: () => void;
  variant?: ComponentProps<typeof Button>["variant"];
}) {
  const discarded = useRef(false);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant={variant}
          onClick={(e) => {
            if (written()) return;
            // Nothing to lose: the dialog is not opened.
            e.preventDefault();
            onCancel();
          }}
        >
          Cancel
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(e) => {
          if (!discarded.current) return;
          // Cancelled once the dialog has let go of the focus, so that the focus goes where the
          // cancel puts it (the form may be gone with its button).
          discarded.current = false;
          e.preventDefault();
          onCancel();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>What you wrote has not been sent, and is not kept anywhere.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep writing</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              discarded.current = true;
            }}
          >
            Discard
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
