// The care-provider pages' paths (beside `pages` of paths.ts), for server and client components alike.

export const careProviderPages = {
  list: "/clinic/caregivers",
  detail: (id: number) => `/clinic/caregivers/${String(id)}`,
  /** The invitation page of a one-time link (the link itself comes whole from the API). */
  invite: (token: string) => `/invite/${token}`,
};
