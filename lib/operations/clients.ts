import {
  CareEpisode,
  CaregiverClient,
  ClientCreateRequest,
  ClientDetail,
  ClientListQuery,
  ClientSummary,
  ClientUpdateRequest,
} from "@/lib/schemas/client";
import { PageQuery, PathId, pageOf } from "@/lib/schemas/common";
import { defineOperation } from "./define";
import { EX, pageExample } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

const STAFF = ["CLINIC", "INSTITUTE"] as const;
const STAFF_AND_CARE_TEAM = ["CLINIC", "INSTITUTE", "CAREGIVER"] as const;

const summary = {
  id: EX.clientId,
  clientOpptId: "c_8ZqK2mWx4Tn7",
  externalClientId: "EHR-20931",
  name: EX.clientName,
  email: "ada@example.com",
  mobile: "+44 20 7946 0958",
  language: "EN",
  status: "ACTIVE",
  clinicId: EX.clinicId,
  hasImage: true,
  createDate: EX.date,
};

export const createClient = defineOperation({
  operationId: "createClient",
  method: "POST",
  path: "/gateway/profile/clinic/client",
  tag: "Clients",
  summary: "Create a client",
  roles: STAFF,
  description:
    "One transaction: the client, its care team and, with `session`, its first sessions and their homework. On any error nothing is stored. " +
    "OPTT's published sample bodies work as sent: `id`, `clientId`, and `id`, `clientId`, `clinicId` inside `session` are accepted and ignored (any value of their type, `0` included); " +
    "`clinicId` `0` or absent is the caller's clinic (CLINIC; an INSTITUTE must name one of its clinics); `session.designPlanId` `0` means none.",
  headers: ["offset", "timeZone", "idempotencyKey"],
  body: {
    schema: ClientCreateRequest,
    example: {
      name: EX.clientName,
      email: "ada@example.com",
      mobile: "+44 20 7946 0958",
      externalClientId: "EHR-20931",
      language: "EN",
      caregiverList: [EX.caregiverId],
      session: {
        caregiverId: EX.caregiverId,
        designPlanId: EX.designPlanId,
        bookIdList: [EX.bookId],
        date: "2026/11/23",
        time: "09:00",
        sessionCount: 4,
        remindDays: 3,
      },
    },
  },
  ok: {
    status: 201,
    description: "Created; empty body",
    headers: { location: "The client's page, /client/<id>" },
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict", "unprocessable"],
  errorNotes: {
    not_found: "clinicId names a clinic outside the caller's scope",
    conflict: "Duplicate externalClientId or email in the clinic, or an Idempotency-Key reused with another body",
    payload_too_large: "Body over 8 MiB, or image over 5 MiB decoded",
  },
});

export const listClients = defineOperation({
  operationId: "listClients",
  method: "GET",
  path: "/gateway/profile/clinic/client",
  tag: "Clients",
  summary: "List the clinic's clients",
  description:
    "`search` matches name, email and externalClientId; `status` keeps the ACTIVE or the INACTIVE clients. `caregiverId` keeps the clients whose care team that care provider is on; an id of no care provider of the clinic gives an empty page. INSTITUTE callers name the clinic with `clinicId`.",
  roles: STAFF,
  headers: ["offset"],
  query: PageQuery.extend(ClientListQuery.shape),
  ok: { status: 200, description: "A page of clients", schema: pageOf(ClientSummary), example: pageExample(summary) },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const readClient = defineOperation({
  operationId: "readClient",
  method: "GET",
  path: "/gateway/profile/clinic/client/{id}",
  tag: "Clients",
  summary: "Read a client with its care team and sessions",
  roles: STAFF_AND_CARE_TEAM,
  headers: ["offset"],
  params: PathId,
  ok: {
    status: 200,
    description: "The client",
    schema: ClientDetail,
    example: {
      ...summary,
      fromCpm: false,
      imageUrl: `/gateway/profile/clinic/client/${EX.clientId}/image`,
      careTeam: [{ id: EX.caregiverId, name: EX.caregiverName, position: "Psychologist" }],
      sessions: [
        {
          id: EX.sessionId,
          title: "Week 1",
          startDate: EX.date,
          runningStatus: "RUNNING",
          caregiverId: EX.caregiverId,
          caregiverName: EX.caregiverName,
        },
      ],
      hasSignIn: false,
      invitation: { state: "OPEN", clinicId: EX.clinicId, expiresAt: EX.date },
      careEpisodeStartDate: null,
    },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const updateClient = defineOperation({
  operationId: "updateClient",
  method: "PATCH",
  path: "/gateway/profile/clinic/client/{id}",
  tag: "Clients",
  summary: "Change a client's details, status or care team",
  roles: STAFF,
  description:
    "A partial update in one transaction: only the fields sent change, `null` removes `mobile` or `externalClientId`; on any error nothing changes. " +
    "`status` INACTIVE ends the client's tokens and web sessions at once and keeps them from signing in (password, refresh, web, SSO) and from reminders until ACTIVE again; nothing is deleted. " +
    "`careTeam.add` and `careTeam.remove` name care providers of the client's clinic (else 422). Removing the owner of an open session of the client answers 409 naming those sessions. The care team may become empty: the clinic's staff still manage the client. " +
    "A new `language` renames the client's sessions still titled by default in the old one (the design plan's name, or Session / Séance) to the default in the new one; any other title stays (a title sent that reads exactly as the default is taken for it). " +
    "Answers the client as the list shows it.",
  headers: ["offset"],
  params: PathId,
  body: {
    schema: ClientUpdateRequest,
    example: {
      mobile: "+44 20 7946 0999",
      status: "INACTIVE",
      careTeam: { add: [EX.caregiverId + 1], remove: [EX.caregiverId] },
    },
  },
  ok: { status: 200, description: "The client after the change", schema: ClientSummary, example: summary },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict", "unprocessable"],
  errorNotes: {
    not_found: "Unknown client, or one outside the caller's scope",
    conflict:
      "Duplicate externalClientId or email in the clinic, or a removed care provider owns open sessions of the client (named in the detail)",
    unprocessable: "careTeam names a caregiver who is not a care provider of the client's clinic",
  },
});

export const startCareEpisode = defineOperation({
  operationId: "startCareEpisode",
  method: "POST",
  path: "/gateway/profile/clinic/client/{id}/care-episode",
  tag: "Clients",
  summary: "Start a new episode of care",
  description:
    "For a client the clinic sees again (after a discharge, a long break): from now on a change alert (a rule's `rise` or `fall`) measures each score from the client's previous and first scores since this moment, not since their first at the clinic. " +
    "Nothing else changes: the scores before stay in the client's measures and results. Each call starts a new episode at its own moment.",
  roles: STAFF,
  headers: ["offset"],
  params: PathId,
  ok: {
    status: 200,
    description: "The new episode's start",
    schema: CareEpisode,
    example: { careEpisodeStartDate: EX.date },
  },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: { not_found: "Unknown client, or one outside the caller's scope" },
});

export const readClientImage = defineOperation({
  operationId: "readClientImage",
  method: "GET",
  path: "/gateway/profile/clinic/client/{id}/image",
  tag: "Clients",
  summary: "Read a client's image",
  roles: STAFF_AND_CARE_TEAM,
  params: PathId,
  ok: { status: 200, description: "The stored image bytes, with their content type", contentType: "image/*" },
  errors: [...AUTHED_ERRORS, "not_found"],
  errorNotes: { not_found: "Unknown client, one outside the caller's scope, or a client without an image" },
});

export const listCareTeamClients = defineOperation({
  operationId: "listCareTeamClients",
  method: "GET",
  path: "/gateway/profile/caregiver/client",
  tag: "Clients",
  summary: "List the caregiver's own clients",
  description:
    "The clients whose care team the caller is on, in clinics the caller works in, by name: what a caregiver can filter sessions by.",
  roles: ["CAREGIVER"],
  query: PageQuery,
  ok: {
    status: 200,
    description: "A page of clients (id and name)",
    schema: pageOf(CaregiverClient),
    example: pageExample({ id: EX.clientId, name: EX.clientName }),
  },
  errors: [...AUTHED_ERRORS],
});
