/**
 * Whether a module's image `src` is an image file of this site, which its page may load. The page
 * loads it with the reader's own sign-in, so a path naming a gateway operation or a page would make
 * every client or care provider who opens the module call it: mark their conversations read, write
 * audit rows in their name. Only a plain path ending in an image's extension, outside the gateway
 * and next-auth, with no query, `.` or `..` segment or %-encoding (which a browser would resolve
 * elsewhere), is one; anything else the renderer shows as a link the person may follow or not.
 */
export function isSiteImageFile(src: string): boolean {
  if (!/^\/[\w\-./]*\.(?:png|jpe?g|gif|webp|avif|svg|ico)$/i.test(src)) return false;
  if (/(?:^|\/)\.{1,2}(?:\/|$)/.test(src) || src.includes("//")) return false;
  return !/^\/(?:gateway|api)(?:\/|$)/i.test(src);
}
