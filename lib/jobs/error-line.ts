/**
 * The first line of a job's error, without email addresses (an SMTP refusal quotes the recipient)
 * and at most 160 characters: enough to see why, nothing of whom. The operator's `jobs` command
 * and the workers' log both show errors only this way.
 */
export function errorLine(error: string | null | undefined): string {
  if (!error) return "";
  const first = (error.split("\n")[0] ?? "").replace(/[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g, "<address>").trim();
  return first.length > 160 ? `${first.slice(0, 159)}…` : first;
}
