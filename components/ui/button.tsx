import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const buttonVariants = cva(
  "inline-flex max-w-full shrink-0 items-center justify-center gap-2 rounded-md text-center text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline underline-offset-4 hover:no-underline",
      },
      size: {
        default: "min-h-10 px-4 py-2 has-[>svg]:px-3",
        sm: "min-h-8 gap-1.5 px-3 py-1.5 has-[>svg]:px-2.5",
        lg: "min-h-11 px-6 py-2 has-[>svg]:px-4",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

function Button({
  className,
  variant = "default",
  size = "default",
  asChild = false,
  pending = false,
  unavailable = false,
  ...props
}: ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    /**
     * While what the button started is under way: it does nothing and says it is unavailable, but
     * keeps the focus. A `disabled` button drops the focus to the top of the page.
     */
    pending?: boolean;
    /**
     * Of no use where it is (a row's Up at the first place): the same as pending, for a button that
     * may have the focus when it becomes so, or be where the focus goes next.
     */
    unavailable?: boolean;
  }) {
  const Comp = asChild ? Slot.Root : "button";
  const inert = pending || unavailable;
  return (
    <Comp
      data-slot="button"
      data-variant={variant}
      data-size={size}
      className={cn(buttonVariants({ variant, size, className }))}
      aria-disabled={inert || undefined}
      // Pending or unavailable, a click (or Enter in a field, which clicks a form's submit button) does nothing:
      // stopped before any handler of the button or of an asChild child runs, and the form is not
      // sent again. Only a client component can be pending; a server component passes no handler.
      onClickCapture={inert ? ignoreClick : undefined}
      {...props}
    />
  );
}

const ignoreClick = (e: { preventDefault: () => void; stopPropagation: () => void }) => {
  e.preventDefault();
  e.stopPropagation();
};

export { Button, buttonVariants };
