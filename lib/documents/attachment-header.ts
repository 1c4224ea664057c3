/**
 * `Content-Disposition` of a download: `filename*` (RFC 8187, UTF-8) for browsers, and an ASCII
 * `filename` for older clients, with anything that is not a safe ASCII character as `_`. The
 * `content-disposition` package writes `filename*` only for names outside Latin-1, and the
 * download must name its encoding for every name (docs/documents.md).
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
