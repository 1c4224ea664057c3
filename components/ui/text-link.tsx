import { cva, type VariantProps } from "class-variance-authority";
import Link from "next/link";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const textLinkVariants = cva("text-primary underline-offset-4", {
  variants: {
    variant: {
      // In running text and lists: always underlined, so it reads as a link without colour.
      default: "font-medium underline",
      inline: "underline",
      // In a navigation bar, where the place already says it is a link; the current page's underlined.
      nav: "font-medium hover:underline aria-[current=page]:underline",
    },
  },
  defaultVariants: { variant: "default" },
});

/** A link between pages in the site's link style. */
function TextLink({
  className,
  variant,
  ...props
}: ComponentProps<typeof Link> & VariantProps<typeof textLinkVariants>) {
  return <Link data-slot="text-link" className={cn(textLinkVariants({ variant }), className)} {...props} />;
}

export { TextLink, textLinkVariants };
