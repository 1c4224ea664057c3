"use client";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/sonner";
import { ErrorState } from "@/components/ui/states";
import { mutateThen } from "@/lib/api-client/mutations";
import { sentence } from "@/lib/api-client/plain-words";

type What = "book" | "design plan" | "module";

/** What archiving stops, in each one's words (docs/library.md "Archiving"), to follow "Archived, " or stand alone. */
const STOPS: Record<What, string> = {
  book: "it is no longer offered as homework or in design plans.",
  "design plan": "it is no longer offered for scheduling sessions.",
  module: "its book no longer gives it as homework.",
};

/** What archiving keeps. */
const KEEPS: Record<What, string> = {
  book: "Homework already given from it keeps it, with its answers.",
  "design plan": "Sessions already scheduled with it keep their homework.",
  module: "Assignments already given keep it, with their answers.",
};

/**
 * Archiving a book, design plan or module, or bringing it back: in use, a card that asks first;
 * archived, a card that says so, to put at the top of its page.
 */
export function ArchivePanel({
  what,
  name,
  archived,
  change,
}: {
  what: What;
  name: string;
  archived: boolean;
  change: {
    mutateAsync: (v: { archived: boolean }) => Promise<unknown>;
    isPending: boolean;
    isError: boolean;
    error: unknown;
  };
}) {
  const set = (to: boolean) => {
    mutateThen(change, { archived: to }, () => toast.success(to ? `${name} archived.` : `${name} is in use again.`));
  };
  return (
    <Card aria-labelledby="archive-heading" role="region">
      <CardHeader>
        <CardTitle id="archive-heading">{archived ? `This ${what} is archived` : `Archive this ${what}`}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {change.isError && <ErrorState error={change.error} className="my-0" />}
        <p className="text-muted-foreground">
          {archived
            ? `${sentence(STOPS[what])} ${KEEPS[what]}`
            : `Archived, ${STOPS[what]} ${KEEPS[what]} You can bring it back.`}
        </p>
        {archived ? (
          <Button
            variant="outline"
            className="w-fit"
            pending={change.isPending}
            onClick={() => {
              set(false);
            }}
          >
            Bring back into use
          </Button>
        ) : (
          <ConfirmButton
            label={`Archive ${what}`}
            variant="outline"
            pending={change.isPending}
            title={`Archive ${name}?`}
            description={`Archived, ${STOPS[what]} ${KEEPS[what]} You can bring it back.`}
            confirm="Archive"
            onConfirm={() => {
              set(true);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
