"use client";

import { hydrate, useQueryClient, type DehydratedState } from "@tanstack/react-query";
import { useLayoutEffect, useMemo, type ReactNode } from "react";

/**
 * The page's data read on the server (lib/pages/prefetch.ts), put in the query client for the
 * components below: TanStack Query's HydrationBoundary, but for one difference. A query the
 * browser already holds (the page was open a moment ago) gets the server's newer data in a layout
 * effect, which runs before the components' queries start, instead of in an effect, which runs
 * after them (TanStack issue #9610): there, a query held past its fresh time was read again by
 * the browser right after the server had read it, a second read with its audit rows.
 * New queries are put in during the render, as HydrationBoundary does, so that the first render
 * has them; data the browser holds is replaced only after the render is committed, so that a
 * navigation that is abandoned leaves the page on screen as it was.
 */
export function PageData({ state, children }: { state: DehydratedState; children: ReactNode }) {
  const client = useQueryClient();
  const held = useMemo(() => {
    const cache = client.getQueryCache();
    const known = (q: DehydratedState["queries"][number]) => cache.get(q.queryHash);
    const held = state.queries.filter((q) => {
      const k = known(q);
      return k !== undefined && q.state.dataUpdatedAt > k.state.dataUpdatedAt;
    });
    const fresh = state.queries.filter((q) => known(q) === undefined);
    if (fresh.length > 0) hydrate(client, { queries: fresh });
    return held;
  }, [client, state]);
  useLayoutEffect(() => {
    if (held.length > 0) hydrate(client, { queries: held });
  }, [client, held]);
  return children;
}
