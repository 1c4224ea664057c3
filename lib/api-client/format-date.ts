// Dates of the API ("YYYY/MM/DD HH:mm", asked for in UTC) as the person reads them: their
// browser's locale and time zone, through Intl.

const API_DATE = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/;

/** The instant of an API date read in UTC, or null when the text is not one. */
export function parseApiDate(text: string): Date | null {
  const m = API_DATE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi));
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

export function formatApiDate(text: string, style: "date-time" | "date" = "date-time"): string {
  const at = parseApiDate(text);
  if (!at) return text;
  return (style === "date" ? dateOnly : dateTime).format(at);
}
