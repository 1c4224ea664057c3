/**
 * The path on this site that a redirect target from the request (`callbackUrl`) leads to, or
 * `fallback` when it leads elsewhere. The target is resolved as a browser resolves a Location
 * header (WHATWG URL: backslashes are slashes, tabs and newlines are dropped), so `/\evil`,
 * `/%09/evil` or `//evil` cannot pass for a path; the answer is the normalized path, query and
 * fragment, percent-encoded, never starting with `//`. The one check of every redirect target
 * (sign-in page, next-auth's redirect callback).
 */
export function sameOriginPath(target: unknown, origin: string, fallback = "/"): string {
  if (typeof target !== "string" || target === "" || target.length > 2048) return fallback;
  let ours: URL;
  let url: URL;
  try {
    ours = new URL(origin);
    url = new URL(target, ours);
  } catch {
    return fallback;
  }
  if (url.origin !== ours.origin) return fallback;
  // `/.//evil` resolves to the path `//evil`, which a browser would read as another host.
  return `${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
}
