import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

// A table at 640 px and wider; below, each row is a card and each cell shows its column's label,
// so nothing is clipped or scrolled sideways on a phone. A table or row that is not displayed as one
// loses its table semantics in browsers, so each part also says its role explicitly.

function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="w-full sm:overflow-x-auto sm:rounded-xl sm:border sm:bg-card">
      <table
        role="table"
        data-slot="table"
        className={cn("block w-full text-left text-sm sm:table", className)}
        {...props}
      />
    </div>
  );
}

function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("sr-only", className)} {...props} />;
}

function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return (
    <thead
      role="rowgroup"
      data-slot="table-header"
      className={cn("sr-only bg-muted sm:not-sr-only sm:table-header-group", className)}
      {...props}
    />
  );
}

function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return (
    <tbody
      role="rowgroup"
      data-slot="table-body"
      className={cn("grid gap-3 sm:table-row-group", className)}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      data-slot="table-row"
      className={cn(
        "grid gap-1 rounded-xl border bg-card p-4 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:p-0 data-[state=selected]:bg-accent",
        className,
      )}
      {...props}
    />
  );
}

function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      role="columnheader"
      data-slot="table-head"
      scope="col"
      className={cn("px-3 py-2 font-semibold whitespace-nowrap", className)}
      {...props}
    />
  );
}

/** `label`: the column's name, shown before the value when the row is a card. */
function TableCell({ className, label, children, ...props }: ComponentProps<"td"> & { label?: ReactNode }) {
  return (
    <td
      role="cell"
      data-slot="table-cell"
      className={cn("flex flex-wrap items-center gap-x-2 sm:table-cell sm:px-3 sm:py-2", className)}
      {...props}
    >
      {label && <span className="font-medium text-muted-foreground sm:hidden">{label}:</span>}
      {children}
    </td>
  );
}

/** A heading over the group of rows in its `TableBody` (say, the scores of one episode of care). */
function TableGroupHeading({
  className,
  colSpan,
  children,
}: {
  className?: string;
  colSpan: number;
  children: ReactNode;
}) {
  return (
    <tr role="row" data-slot="table-group-heading" className="block sm:table-row sm:border-t">
      <th
        role="rowheader"
        scope="rowgroup"
        colSpan={colSpan}
        className={cn("block pt-2 text-left font-semibold sm:table-cell sm:bg-muted/50 sm:px-3 sm:py-2", className)}
      >
        {children}
      </th>
    </tr>
  );
}

export { Table, TableBody, TableCaption, TableCell, TableGroupHeading, TableHead, TableHeader, TableRow };
