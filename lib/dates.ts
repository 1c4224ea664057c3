// The contract's one date format, `YYYY/MM/DD HH:mm`, in the caller's UTC offset.
const pad = (n: number) => String(n).padStart(2, "0");

export function formatDate(at: Date | number | null | undefined, offsetMinutes: number): string | null {
  if (at === null || at === undefined) return null;
  const ms = typeof at === "number" ? at : at.getTime();
  const d = new Date(ms + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Reads `YYYY/MM/DD` (or `YYYY-MM-DD`) and `HH:mm` given in the caller's offset; null when invalid. */
export function parseLocalDateTime(date: string, time: string, offsetMinutes: number): Date | null {
  const dm = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(date);
  const tm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dm || !tm) return null;
  const [y, mo, d, h, mi] = [dm[1], dm[2], dm[3], tm[1], tm[2]].map(Number) as [number, number, number, number, number];
  if (h > 23 || mi > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(utc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - offsetMinutes * 60_000);
}
