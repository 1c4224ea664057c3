import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A page's title: the one h1 of a signed-in page. */
function PageTitle({ className, ...props }: ComponentProps<"h1">) {
  return <h1 data-slot="page-title" className={cn("text-2xl font-semibold", className)} {...props} />;
}

/** A section's title within a page. */
function SectionTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 data-slot="section-title" className={cn("text-lg font-semibold", className)} {...props} />;
}

export { PageTitle, SectionTitle };
