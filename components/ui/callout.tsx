import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * The kit's box for what needs attention first: an alert on a client's answers, a failure. A
 * paragraph, or with `as="div"` a box holding more than a line.
 */
export function Callout({
  as: Tag = "p",
  className,
  ...props
}: Omit<ComponentProps<"div">, "ref"> & { as?: "p" | "div" }) {
  return (
    <Tag
      className={cn("rounded-md border border-destructive/40 bg-destructive-muted p-3 text-destructive", className)}
      {...props}
    />
  );
}
