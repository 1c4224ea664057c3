// The web pages' way to the gateway: same operations, same problem+json errors, the session
// cookie instead of a bearer token. Dates come in the browser's own UTC offset.

export type FieldError = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
  }
}

const browserOffset = () => {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};

export async function apiFetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("offset", browserOffset());
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  }
  const res = await fetch(path, { ...init, headers, body, credentials: "same-origin" });
  if (!res.ok) {
    const problem = await res.json().catch(() => ({}));
    if (res.status === 401 && typeof window !== "undefined") {
      window.location.assign(
        `/signin?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    }
    throw new ApiError(res.status, problem.detail ?? `The request failed (${res.status}).`, problem.errors ?? []);
  }
  return res;
}

export const getJson = async <T>(path: string): Promise<T> => (await apiFetch(path)).json() as Promise<T>;
