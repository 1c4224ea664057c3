// The web pages' way to the gateway: same operations, same problem+json errors, the session
// cookie instead of a bearer token. Reads ask for UTC (offset 0) and the page shows each instant
// in the person's own locale and time zone (`format-date.ts`); a write that carries local dates
// and times sends the browser's time zone, so each date is read in its own offset: weekly sessions,
// reminders and due moments after a daylight-saving change keep their hour. A client's submit sends
// the browser's offset: the client's own day of it dates a diary that names no night.

import { asLang } from "@/lib/i18n/lang";
import { pages } from "./paths";

export type FieldError = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    /** A 429's or 503's Retry-After, in seconds, when the answer gave one. */
    readonly retryAfter?: number,
  ) {
    super(detail);
  }
}

/** The words of a request that failed without the server's own: the care team's pages are in English. */
export type FailureWords = { unreachable: string; unexpected: string };
export const ENGLISH_FAILURE_WORDS: FailureWords = {
  unreachable: "The server could not be reached. Check your connection and try again.",
  unexpected: "Something went wrong. Please try again.",
};

/** The request never reached the server, or its answer never came back (offline, server down). */
export class UnreachableError extends Error {
  override name = "UnreachableError";
  constructor(cause: unknown) {
    super(ENGLISH_FAILURE_WORDS.unreachable, { cause });
  }
}

/**
 * What a person reads of a failed request: the server's words for a refusal, else the page's (the
 * server's own failures, 5xx, say nothing a person can act on but "try again", and in English).
 */
export const problemText = (error: unknown, words: FailureWords) =>
  error instanceof ApiError && error.status < 500
    ? error.detail
    : error instanceof UnreachableError
      ? words.unreachable
      : words.unexpected;

/** "+05:30": the browser's UTC offset at the given moment (now by default). */
export function offsetAt(at = new Date()): string {
  const minutes = -at.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

type Problem = { detail?: unknown; errors?: unknown };

const fieldErrors = (v: unknown): FieldError[] =>
  Array.isArray(v)
    ? v.filter(
        (e): e is FieldError =>
          typeof e === "object" &&
          e !== null &&
          typeof (e as Record<string, unknown>).path === "string" &&
          typeof (e as Record<string, unknown>).message === "string",
      )
    : [];

export type ApiInit = Omit<RequestInit, "body"> & {
  json?: unknown;
  offset?: string;
  timeZone?: string;
  /** A creation's Idempotency-Key (components/use-retry-key.ts makes them). */
  idempotencyKey?: string;
};

export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const { json, offset, timeZone, idempotencyKey, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("offset", offset ?? "0");
  if (timeZone) headers.set("time-zone", timeZone);
  if (idempotencyKey) headers.set("idempotency-key", idempotencyKey);
  let body: string | undefined;
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(json);
  }
  // Browsers refuse a keepalive body over 64 KiB: a larger one goes without (long answers in a script
  // of several bytes a character), rather than not at all.
  const keepalive = rest.keepalive === true && new Blob([body ?? ""]).size < 60_000;
  const res = await fetch(path, { ...rest, keepalive, headers, body, credentials: "same-origin" }).catch(
    (e: unknown) => {
      // fetch fails with a TypeError when no answer came ("Failed to fetch", "NetworkError when
      // attempting…": words that mean nothing to a person); a cancelled request stays an AbortError.
      throw e instanceof TypeError ? new UnreachableError(e) : e;
    },
  );
  if (!res.ok) {
    const problem = (await res.json().catch(() => ({}))) as Problem;
    if (res.status === 401 && typeof window !== "undefined") {
      // A full page load, not a client navigation: the expired session's state must not survive.
      // In the page's language: a French client's page sends them to the French sign-in.
      window.location.assign(
        pages.signInIn(asLang(document.documentElement.lang), window.location.pathname + window.location.search),
      );
    }
    const detail = typeof problem.detail === "string" ? problem.detail : `The request failed (${String(res.status)}).`;
    const retryAfter = Number(res.headers.get("retry-after") ?? Number.NaN);
    throw new ApiError(
      res.status,
      detail,
      fieldErrors(problem.errors),
      Number.isFinite(retryAfter) ? retryAfter : undefined,
    );
  }
  return res;
}

export const getJson = async <T>(path: string): Promise<T> => (await apiFetch(path)).json() as Promise<T>;
