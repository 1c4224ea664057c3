import type { BlockList } from "node:net";

/** TRUSTED_PROXIES parsed: addresses and CIDRs separated by commas or spaces; throws on a bad entry. */
export function trustedProxies(value?: string): BlockList;
/** The caller's address for a request from `peer` with this X-Forwarded-For (see server.mjs). */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList,
): string;
