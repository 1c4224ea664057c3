import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client/api-fetch";
import { plainWords } from "@/lib/api-client/plain-words";
import { cn } from "@/lib/utils";

/** Placeholder lines while something loads; says so to screen readers. */
export function Loading({ what, lines = 3 }: { what: string; lines?: number }) {
  return (
    <div role="status" className="flex flex-col gap-3 py-4">
      <span className="sr-only">Loading {what}…</span>
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
    <p
      role="alert"
      className={cn(
        "my-4 rounded-md border border-destructive/40 bg-destructive-muted p-3 text-destructive",
        className,
      )}
    >
      {message}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-input bg-card p-6 text-center text-muted-foreground">
      {children}
    </p>
  );
}
