/**
 * Whether a scale's point label already starts with its value ("5 – All of the time", "0 – very
 * low"), so that the care team's pages do not add it again in brackets ("Several days (1)").
 */
export function saysValue(label: string, value: number): boolean {
  const n = String(value);
  return label.startsWith(n) && !/^\d/.test(label.slice(n.length));
}
