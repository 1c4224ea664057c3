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

/** Whether any field of the form holds something typed. */
const written = (form: HTMLFormElement | null) =>
  form !== null && [...new FormData(form).values()].some((v) => typeof v === "string" && v !== "");

/**
 * A form's Cancel that asks before it throws away what its form holds, and cancels at once when the
 * form is empty: a press meant for the button beside it must not lose a paragraph. `onCancel` is
 * given the form (to reset it, say).
 */
export function CancelButton({
  title,
  onCancel,
  variant = "outline",
}: {
  /** The question asked: "Discard your feedback on …?" */
  title: string;
  onCancel: (form: HTMLFormElement | null) => void;
  variant?: ComponentProps<typeof Button>["variant"];
}) {
  const discarded = useRef(false);
  const form = useRef<HTMLFormElement | null>(null);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant={variant}
          onClick={(e) => {
            form.current = e.currentTarget.form;
            if (written(form.current)) return;
            // Nothing to lose: the dialog is not opened.
            e.preventDefault();
            onCancel(form.current);
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
          onCancel(form.current);
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
