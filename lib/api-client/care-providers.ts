// The care-provider pages' reads and changes and the invitation page's one change: paths, keys,
// queries and mutations of this area, beside each other (the rest of the site's are in paths.ts,
// keys.ts, queries.ts and mutations.ts).

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  ActivationStatus,
  CaregiverCreateRequest,
  CaregiverDetail,
  CaregiverUpdateRequest,
  InvitationAccepted,
  InvitationAcceptRequest,
  InvitationCreated,
} from "@/lib/schemas/caregiver";
import type { Caregiver } from "@/lib/schemas/catalog";
import type { ClientSummary } from "@/lib/schemas/client";
import type { Page } from "@/lib/paging";
import { apiFetch, getJson } from "./api-fetch";
export { careProviderPages } from "./care-provider-pages";
import { keys } from "./keys";
import { paths } from "./paths";

const G = "/gateway/profile/clinic";

export const careProviderPaths = {
  caregiver: (id: number) => `${G}/caregiver/${String(id)}`,
  caregiverInvitation: (id: number) => `${G}/caregiver/${String(id)}/invitation`,
  clientInvitation: (id: number) => `${G}/client/${String(id)}/invitation`,
  acceptInvitation: "/gateway/uaa/invitation",
};

export const careProviderKeys = {
  all: ["care-providers"] as const,
  list: (page: number) => ["care-providers", "list", page] as const,
  detail: (id: number) => ["care-providers", "detail", id] as const,
  pickableClients: ["care-providers", "clients"] as const,
};

/** The words of each activation status, and whether it may sign in (decisions.md). */
export const activationStatusWords: Record<z.infer<typeof ActivationStatus>, string> = {
  ACTIVE: "active",
  VERIFIED: "verified",
  INVITED: "invited",
  PENDING: "pending",
  OPEN: "open",
  INACTIVE: "inactive",
  DECLINED: "declined",
};

export const INVITABLE: readonly z.infer<typeof ActivationStatus>[] = ["INVITED", "PENDING", "OPEN"];

type Detail = z.infer<typeof CaregiverDetail>;

export const careProviderQueries = {
  list: (page: number) =>
    queryOptions({
      queryKey: careProviderKeys.list(page),
      queryFn: () => getJson<Page<z.infer<typeof Caregiver>>>(paths.caregivers({ page, size: 20 })),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: careProviderKeys.detail(id),
      queryFn: () => getJson<Detail>(careProviderPaths.caregiver(id)),
    }),
  /** The clinic's clients a new care provider can join (the first hundred, by name). */
  pickableClients: () =>
    queryOptions({
      queryKey: careProviderKeys.pickableClients,
      queryFn: async () =>
        (await getJson<Page<z.infer<typeof ClientSummary>>>(paths.clients({ page: 0, size: 100 }))).content,
    }),
};

function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: careProviderKeys.all }),
      qc.invalidateQueries({ queryKey: keys.catalog.caregivers }),
      qc.invalidateQueries({ queryKey: keys.clients.all }),
    ]);
}

/** Adds a care provider; resolves to their id (from the `location` header, /caregiver/<id>). */
export function useCreateCaregiver() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: z.input<typeof CaregiverCreateRequest>) => {
      const res = await apiFetch(paths.caregivers({}), { method: "POST", json: body });
      return Number(res.headers.get("location")?.split("/").pop());
    },
    onSuccess: invalidate,
  });
}

export function useUpdateCaregiver(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: z.input<typeof CaregiverUpdateRequest>) =>
      (await apiFetch(careProviderPaths.caregiver(id), { method: "PATCH", json: body })).json() as Promise<Detail>,
    onSuccess: invalidate,
  });
}

type Created = z.infer<typeof InvitationCreated>;

/** A new invitation link (any earlier one stops working); its URL is shown once. */
export function useInvite(who: { caregiverId: number } | { clientId: number }) {
  const invalidate = useInvalidate();
  const path =
    "caregiverId" in who
      ? careProviderPaths.caregiverInvitation(who.caregiverId)
      : careProviderPaths.clientInvitation(who.clientId);
  return useMutation({
    mutationFn: async () => (await apiFetch(path, { method: "POST" })).json() as Promise<Created>,
    onSuccess: invalidate,
  });
}

/** The invitee's choice of username and password (no sign-in yet: the token is the credential). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (body: z.input<typeof InvitationAcceptRequest>) =>
      (await apiFetch(careProviderPaths.acceptInvitation, { method: "POST", json: body })).json() as Promise<
        z.infer<typeof InvitationAccepted>
      >,
  });
}
