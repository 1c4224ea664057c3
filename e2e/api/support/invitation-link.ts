/** The token of an invitation link, `<site>/invite/<token>`, as the answer and the email give it. */
export function tokenOf(url: string): string {
  const m = /\/invite\/([A-Za-z0-9_-]{40,})$/.exec(url);
  if (!m?.[1]) throw new Error(`not an invitation link: ${url}`);
  return m[1];
}
