import "server-only";
import { QueryClient, dehydrate, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { headers } from "next/headers";
import type { Scope } from "@/lib/auth/scope";
import { authenticateWebSession } from "@/lib/auth/web-session";
import { AppError } from "@/lib/errors";
import { toAppError } from "@/lib/gateway/handler";
import type { Read, ReadContext } from "@/lib/gateway/reads";
import type { Operation } from "@/lib/operations/define";
import type { Page } from "@/lib/paging";

// A page's first data, read while the server renders it: the browser gets the page with its content
// in the HTML instead of an empty frame that asks the gateway once its JavaScript has run (on a
// phone, seconds later). Each read is the gateway operation's own: its schemas check the input,
// the same lib function answers with the web session's scope (so it writes the same audit row),
// and the answer goes through JSON as the gateway sends it. The data lands in the page's query
// client under the query's own key, where the components find it and do not ask again.

type Input = Record<string, string | number | undefined>;

/** One query of a page, its data read on the server; `then` names the reads that need its data. */
export type PageRead = {
  queryKey: QueryKey;
  load: (scope: Scope) => Promise<unknown>;
  then?: (data: unknown) => PageRead[];
};

/**
 * The query `query` (its key from lib/api-client/queries.ts) as the gateway answers `read` with path
 * parameters and query string `input` (as the page's request would carry them); `select` makes the
 * gateway's JSON the query's data where the query reshapes it.
 */
export function gatewayRead<const O extends Operation>(
  query: { queryKey: QueryKey },
  read: Read<O>,
  input: { params?: Input; query?: Input },
  opts: { select?: (json: unknown) => unknown; then?: (data: unknown) => PageRead[] } = {},
): PageRead {
  return {
    queryKey: query.queryKey,
    load: async (scope) => (opts.select ?? ((j: unknown) => j))(await answer(read, input, scope)),
    then: opts.then,
  };
}

/** As gatewayRead, for a query that reads every page of a list (`allPages` of queries.ts). */
export function everyPageRead<const O extends Operation>(
  query: { queryKey: QueryKey },
  read: Read<O>,
  input: (page: number) => { params?: Input; query?: Input },
): PageRead {
  return {
    queryKey: query.queryKey,
    load: async (scope) => {
      const first = (await answer(read, input(0), scope)) as Page<unknown>;
      const rest = (await Promise.all(
        Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => answer(read, input(i + 1), scope)),
      )) as Page<unknown>[];
      return [first, ...rest].flatMap((p) => p.content);
    },
  };
}

/**
 * The dehydrated state of a page's reads: every read at once, then the reads that needed their
 * data. A read that fails (a session that ended, an id not in the caller's scope) is left to the
 * page's component, which asks the gateway and shows the answer as it always did.
 */
export async function prefetch(reads: PageRead[]): Promise<DehydratedState> {
  const client = new QueryClient();
  const h = await headers();
  // A GET to the gateway with the page request's cookies: its scope is the gateway's for this person.
  // The cookies alone: the page may have been opened from a link on another site, which the
  // gateway refuses of a request of its own (Sec-Fetch-Site), but a link to a page always showed it.
  const asGateway = new Request("http://page.local/", { headers: { cookie: h.get("cookie") ?? "" } });
  const scope = await authenticateWebSession(asGateway).catch(() => null);
  if (scope) await loadInto(client, scope, reads);
  return dehydrate(client);
}

async function loadInto(client: QueryClient, scope: Scope, reads: PageRead[]): Promise<void> {
  await Promise.all(
    reads.map(async (r) => {
      let data: unknown;
      try {
        data = await r.load(scope);
      } catch (e) {
        toAppError(e); // logs what is not the domain's own refusal
        return;
      }
      client.setQueryData(r.queryKey, data);
      if (r.then) await loadInto(client, scope, r.then(data));
    }),
  );
}

/** What the gateway would answer: roles, path and query checked by the operation's schemas, JSON out. */
async function answer<O extends Operation>(
  { op, run }: Read<O>,
  input: { params?: Input; query?: Input },
  scope: Scope,
): Promise<unknown> {
  if (!op.roles?.includes(scope.role)) throw new AppError("forbidden", `not open to the ${scope.role} role`);
  const ctx = {
    scope,
    params: op.params ? op.params.parse(asUrlValues(input.params)) : undefined,
    query: op.query ? op.query.parse(asUrlValues(input.query)) : undefined,
    // The pages ask for UTC (api-fetch.ts) and show each instant in the person's own time zone.
    offset: 0,
  } as ReadContext<O>;
  return JSON.parse(JSON.stringify(await run(ctx))) as unknown;
}

/** The values as a URL carries them: text, an empty or absent one left out (paths.ts's qs). */
const asUrlValues = (input: Input = {}) =>
  Object.fromEntries(
    Object.entries(input).flatMap(([k, v]) => (v === undefined || v === "" ? [] : [[k, String(v)] as const])),
  );
