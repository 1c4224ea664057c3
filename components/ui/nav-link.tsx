"use client";

import { usePathname } from "next/navigation";
import type { ComponentProps } from "react";
import { TextLink } from "@/components/ui/text-link";

/**
 * A link of a page's main navigation: the one to the page shown is `aria-current="page"`, which
 * screen readers say ("current page") and the nav style underlines.
 */
function NavLink({ href, ...props }: Omit<ComponentProps<typeof TextLink>, "variant" | "href"> & { href: string }) {
  const here = usePathname() === href;
  return <TextLink variant="nav" href={href} aria-current={here ? "page" : undefined} {...props} />;
}

export { NavLink };
