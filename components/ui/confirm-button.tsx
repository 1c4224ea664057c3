"use client";

import type { ReactNode } from "react";
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
 * A button that asks before it acts: its dialog says what will happen (`title`, `description`,
 * anything more as children) and acts only on `confirm`. For changes that cannot be taken back.
 */
export function ConfirmButton({
  label,
  variant,
  disabled,
  pending,
  title,
  description,
  children,
  cancel = "Cancel",
  confirm,
  onConfirm,
}: {
  label: ReactNode;
  variant?: "default" | "outline";
  disabled?: boolean;
  pending?: boolean;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  cancel?: string;
  confirm: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant={variant} className="w-fit" disabled={disabled} pending={pending}>
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
