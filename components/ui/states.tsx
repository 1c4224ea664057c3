import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client/api-fetch";
import { plainWords } from "@/lib/api-client/plain-words";
import { cn } from "@/lib/utils";
import { Callout } from "@/components/ui/callout";

/**
 * Placeholder lines while something loads; says so to screen readers: "Loading <what>…", or
 * `label` whole (a sentence in the client's language: another language's words do not fit around
 * "Loading").
 */
export function Loading({
  lines = 3,
  ...says
}: ({ what: string; label?: never } | { label: string; what?: never }) & { lines?: number }) {
  return (
    // data-loading, not aria-busy: a busy live region may keep its "Loading…" from being said.
    <div role="status" data-loading className="flex flex-col gap-3 py-4">
      <span className="sr-only">{says.label ?? `Loading ${says.what}…`}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn("h-5", i % 2 ? "w-2/3" : "w-full")} />
      ))}
    </div>
  );
}

/** An error the person should read: the API's message in plain words. */
export function ErrorState({ error, className }: { error: unknown; className?: string }) {
  const message =
    error instanceof ApiError
      ? plainWords(error.message)
      : error instanceof Error
        ? error.message
        : "Something went wrong.";
  return (
    <Callout role="alert" className={cn("my-4", className)}>
      {message}
    </Callout>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-input bg-card p-6 text-center text-muted-foreground">
      {children}
    </p>
  );
}
