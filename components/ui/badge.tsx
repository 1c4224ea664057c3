import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { statusWords, type Status } from "@/lib/api-client/words";
import { cn } from "@/lib/utils";

const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-full border border-transparent px-2 py-0.5 text-xs font-semibold whitespace-nowrap [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground",
        secondary: "bg-secondary text-secondary-foreground",
        success: "bg-success-muted text-success-foreground",
        warning: "bg-warning-muted text-warning-foreground",
        info: "bg-info-muted text-info-foreground",
        destructive: "bg-destructive-muted text-destructive",
        outline: "border-border text-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

function Badge({
  className,
  variant = "default",
  asChild = false,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "span";
  return (
    <Comp data-slot="badge" data-variant={variant} className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}

type Variant = NonNullable<VariantProps<typeof badgeVariants>["variant"]>;

// The colour of each of the API's statuses; its words come from `words.ts`. Typed by the schemas'
// enums: a new status fails the type check until it has a colour and words.
const COLOUR: Record<Status, Variant> = {
  RUNNING: "success",
  FUTURE: "info",
  COMPLETED: "secondary",
  COMPLETE: "success",
  IN_PROGRESS: "warning",
  PENDING: "secondary",
  WAITING: "warning",
  GIVEN: "success",
  NONE: "outline",
  ACTIVE: "success",
  INACTIVE: "secondary",
};

/** A status from the API as a coloured badge in plain words. */
function StatusBadge({ value, className }: { value: Status; className?: string }) {
  return (
    <Badge variant={COLOUR[value]} className={className}>
      {statusWords[value]}
    </Badge>
  );
}

export { Badge, StatusBadge, badgeVariants };
