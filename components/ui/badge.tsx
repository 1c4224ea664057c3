import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
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

// The API's status words, each with its colour and the words a person reads.
const STATUS: Record<string, [Variant, string]> = {
  RUNNING: ["success", "running"],
  FUTURE: ["info", "future"],
  COMPLETED: ["secondary", "completed"],
  COMPLETE: ["success", "complete"],
  IN_PROGRESS: ["warning", "in progress"],
  PENDING: ["secondary", "pending"],
  WAITING: ["warning", "waiting"],
  GIVEN: ["success", "given"],
  NONE: ["outline", "none"],
  ACTIVE: ["success", "active"],
  INACTIVE: ["secondary", "inactive"],
};

/** A status from the API as a coloured badge in plain words. */
function StatusBadge({ value, className }: { value: string; className?: string }) {
  const [variant, words] = STATUS[value] ?? ["outline", value.replaceAll("_", " ").toLowerCase()];
  return (
    <Badge variant={variant} className={className}>
      {words}
    </Badge>
  );
}

export { Badge, StatusBadge, badgeVariants };
