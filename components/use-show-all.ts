"use client";

import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useState } from "react";
import type { Page } from "@/lib/paging";

/**
 * A list's first page and, once the person asks, all of it: what FirstItems shows (`items`,
 * `total`, `busy`) and its button's action (`showAll`, which reads again after a failed read).
 * The whole list is read only once asked for on this visit: a copy kept from an earlier one can
 * miss items added since, which the first page just read has.
 */
export function useShowAll<T, K extends QueryKey>(
  first: Page<T> | undefined,
  whole: UseQueryOptions<T[], Error, T[], K>,
) {
  const [wanted, setWanted] = useState(false);
  const all = useQuery({ ...whole, enabled: wanted });
  const rest = wanted ? all.data : undefined;
  return {
    items: rest ?? first?.content ?? [],
    total: rest?.length ?? first?.totalElements ?? 0,
    busy: all.isFetching,
    /** The whole list's read failed: say so beside the list. */
    error: all.isError ? all.error : null,
    showAll: () => {
      if (!wanted) setWanted(true);
      else if (all.isError) void all.refetch();
    },
  };
}
