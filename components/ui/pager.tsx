import { Button } from "@/components/ui/button";

type Props = { label: string; page: number; totalPages: number; totalText?: string; onPage: (page: number) => void };

/** Previous / next through a paged list of the gateway (`page` from 0). */
export function Pager({ label, page, totalPages, totalText, onPage }: Props) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      <Button
        variant="outline"
        size="sm"
        disabled={page === 0}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        Previous
      </Button>
      <span>
        Page {page + 1} of {Math.max(1, totalPages)}
        {totalText && ` (${totalText})`}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page + 1 >= totalPages}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        Next
      </Button>
    </nav>
  );
}
