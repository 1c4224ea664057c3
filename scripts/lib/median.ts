/** The median of some figures (the mean of the middle two when their number is even); NaN of none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    ((sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN) + (sorted[Math.ceil((sorted.length - 1) / 2)] ?? NaN)) / 2
  );
}
