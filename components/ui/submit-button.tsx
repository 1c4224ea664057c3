"use client";

import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/use-hydrated";

/**
 * A form's submit button: the kit's Button, disabled until the page's scripts have run. Pressed
 * before them it sent the form as the browser does, a POST that the page ignores, and the page came
 * back without what was written (a feedback lost on a slow phone, found by a CI run on a slow
 * host, 2026-12-07). Apart from Button so that the pages' server components, which use Button for
 * links, do not make it a client component of its own on every page.
 */
export function SubmitButton({ disabled, ...props }: Omit<ComponentProps<typeof Button>, "type" | "asChild">) {
  const hydrated = useHydrated();
  // eslint-disable-next-line no-restricted-syntax -- the one Button of type submit, the rule's own.
  return <Button type="submit" disabled={disabled || !hydrated || undefined} {...props} />;
}
