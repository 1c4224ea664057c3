"use client";

import type { ComponentProps, ReactNode } from "react";
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
import { cn } from "@/lib/utils";

/**
 * A button that asks before it acts: its dialog says what will happen (`title`, `description`,
 * anything more as children) and acts only on `confirm`. For changes that cannot be taken back.
 * The other props are the button's own (`variant`, `pending`, `aria-label`...).
 */
export function ConfirmButton({
  label,
  title,
  description,
  children,
  cancel = "Cancel",
  confirm,
  onConfirm,
  className,
  ...button
}: Omit<ComponentProps<typeof Button>, "title" | "children" | "onClick"> & {
  label: ReactNode;
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
        <Button className={cn("w-fit", className)} {...button}>
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
