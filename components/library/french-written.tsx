"use client";

import { Button } from "@/components/ui/button";
import { frenchCoverage } from "@/lib/schemas/french-coverage";
import { frenchInputId, whereInWords } from "./module-form-model";

/** The places listed at once; each one written brings the next into the list. */
const LISTED = 5;

/**
 * How much of what the client reads of the module has its French written, and where it is still
 * missing, each place a button to its French input: a half-translated module mixes the two
 * languages for a French-speaking client (found by a review as a programme's author, 2026-12-07).
 * Not a live region: it changes with every key typed.
 */
export function FrenchWritten({ definition, editable }: { definition: unknown; editable: boolean }) {
  const { texts, missing } = frenchCoverage(definition);
  if (texts === 0) return null;
  if (missing.length === 0)
    return (
      <p id="french-written" className="text-sm text-muted-foreground">
        French: every text is written.
      </p>
    );
  const rest = missing.length - LISTED;
  return (
    <div id="french-written" className="flex flex-col gap-1 text-sm">
      <p>
        French: {missing.length} of {texts} {texts === 1 ? "text" : "texts"} not written yet. A French-speaking client
        reads {missing.length === 1 ? "it" : "them"} in English.
      </p>
      <ul aria-label="Go to the French not written yet" className="flex flex-col items-start">
        {missing.slice(0, LISTED).map((path) => {
          const where = whereInWords(`${path}.fr`);
          const id = editable ? frenchInputId(path) : null;
          return (
            <li key={path}>
              {id ? (
                <Button
                  type="button"
                  variant="link"
                  className="h-auto min-h-8 px-0 text-left"
                  onClick={() => {
                    document.getElementById(id)?.focus();
                  }}
                >
                  {where}
                </Button>
              ) : (
                where
              )}
            </li>
          );
        })}
      </ul>
      {rest > 0 && <p className="text-muted-foreground">and {rest} more, listed as these are written.</p>}
    </div>
  );
}
