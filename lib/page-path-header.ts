/** The request header in which proxy.ts hands the page's path and query to the root layout, which has no other way to read it. */
export const PAGE_PATH_HEADER = "x-page-path";
