import { Button } from "@/components/ui/button";

type Props = { label: string; page: number; totalPages: number; totalText?: string; onPage: (page: number) => void };

/** Previous / next through a paged list of the gateway (`page` from 0). */
export function Pager({ label, page, totalPages, totalText, onPage }: Props) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        size="sm"
        // Unavailable rather than disabled: the button pressed to reach the first or last page keeps the focus.
        unavailable={page === 0}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        Previous
      </Button>
      {/* Said when it changes: the list above is new, and nothing else tells a screen reader so. */}
      <span role="status">
        Page {page + 1} of {Math.max(1, totalPages)}
        {totalText && ` (${totalText})`}
      </span>
      <Button
        variant="outline"
        size="sm"
        unavailable={page + 1 >= totalPages}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        Next
      </Button>
    </nav>
  );
}
