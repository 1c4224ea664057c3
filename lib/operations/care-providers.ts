import {
  CaregiverCreateRequest,
  CaregiverDetail,
  CaregiverUpdateRequest,
  InvitationAccepted,
  InvitationAcceptRequest,
  InvitationCreated,
  InvitationQuery,
  ClientInvitationQuery,
} from "@/lib/schemas/caregiver";
import { INVITATION_EMAILS_PER_HOUR } from "@/lib/invitations/email-limit";
import { PathId } from "@/lib/schemas/common";
import { defineOperation } from "./define";
import { EX } from "./examples";
import { AUTHED_ERRORS, JSON_BODY_ERRORS } from "./headers";

// Care providers as the clinic's staff manage them, and the one-time invitations by which a care
// provider or a client gets a sign-in (docs/care-providers.md).

const STAFF = ["CLINIC", "INSTITUTE"] as const;

const detail = {
  id: EX.caregiverId,
  name: EX.caregiverName,
  email: "grace@clinic.example",
  mobile: "+44 20 7946 0100",
  position: "Psychologist",
  language: "EN",
  activationStatus: "INVITED",
  clinics: [{ id: EX.clinicId, name: "North Clinic" }],
  hasSignIn: false,
  invitation: { state: "OPEN", clinicId: EX.clinicId, expiresAt: EX.later },
};

const invitationCreated = {
  status: 201,
  description: "The new link, shown once; any earlier link of the person stops working",
  schema: InvitationCreated,
  example: {
    url: "https://care.example/invite/q8Yf3nR2tW5xZ7bC9dE1gH4jK6mN8pQ0sT2vX4zA6bD",
    expiresAt: EX.later,
    emailedTo: "grace@clinic.example",
  },
} as const;

export const createCaregiver = defineOperation({
  operationId: "createCaregiver",
  method: "POST",
  path: "/gateway/profile/clinic/caregiver",
  tag: "Clinic",
  summary: "Add a care provider to the clinic",
  description:
    "One transaction. An email that is already a care provider of the institute adds that person to the clinic (no second person; their name, status and other fields stay as they are: change them with PATCH); already in this clinic: 409. The same email in another institute is another person. Under an Idempotency-Key, a retry with the same body answers the first 201 and its Location; without one, a retry of a request that succeeded answers 409 and stores nothing.",
  roles: STAFF,
  headers: ["idempotencyKey"],
  body: {
    schema: CaregiverCreateRequest,
    example: {
      name: EX.caregiverName,
      email: "grace@clinic.example",
      mobile: "+44 20 7946 0100",
      position: "Psychologist",
      language: "EN",
      activationStatus: "INVITED",
      clientIds: [EX.clientId],
      clinicId: 0,
    },
  },
  ok: { status: 201, description: "Added; empty body", headers: { location: "The care provider, /caregiver/<id>" } },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict", "unprocessable"],
  errorNotes: {
    not_found: "clinicId names a clinic outside the caller's scope",
    conflict:
      "The email is already a care provider of this clinic, or the Idempotency-Key was used before with another body or operation",
    unprocessable: "A clientIds entry is not a client of the clinic",
  },
});

export const readCaregiver = defineOperation({
  operationId: "readCaregiver",
  method: "GET",
  path: "/gateway/profile/clinic/caregiver/{id}",
  tag: "Clinic",
  summary: "Read a care provider",
  description: "A CLINIC reads the care providers of its clinic; an INSTITUTE those of its clinics.",
  roles: STAFF,
  headers: ["offset"],
  params: PathId,
  ok: { status: 200, description: "The care provider", schema: CaregiverDetail, example: detail },
  errors: [...AUTHED_ERRORS, "not_found"],
});

export const updateCaregiver = defineOperation({
  operationId: "updateCaregiver",
  method: "PATCH",
  path: "/gateway/profile/clinic/caregiver/{id}",
  tag: "Clinic",
  summary: "Change a care provider's details, status, clinics or care teams",
  description:
    "Fields absent are unchanged. A status that may not sign in (INACTIVE, DECLINED, INVITED, PENDING, OPEN) ends the person's tokens and web sessions at once; ACTIVE or VERIFIED lets them sign in again. A status that may not accept an invitation revokes the open one. Leaving a clinic also takes them off its clients' care teams. " +
    "`addClientIds` and `removeClientIds` put them on and take them off clients' care teams (after the clinic changes of the same request); adding a member or removing a non-member changes nothing, and taking off the owner of an open session of the client is refused, as the client's own edit does. The clients they are on the care team of are listed by `listClients` with `caregiverId`. One transaction: on any error nothing changes.",
  roles: STAFF,
  headers: ["offset"],
  params: PathId,
  body: {
    schema: CaregiverUpdateRequest,
    example: {
      position: "Senior psychologist",
      activationStatus: "ACTIVE",
      addClinicIds: [EX.clinicId + 1],
      addClientIds: [EX.clientId],
    },
  },
  ok: {
    status: 200,
    description: "The care provider as changed",
    schema: CaregiverDetail,
    example: { ...detail, position: "Senior psychologist", activationStatus: "ACTIVE" },
  },
  errors: [...AUTHED_ERRORS, ...JSON_BODY_ERRORS, "not_found", "conflict", "unprocessable"],
  errorNotes: {
    not_found: "An unknown care provider, or a care provider or clinic outside the caller's scope",
    conflict:
      "Removing a clinic where they own an open session, or their last clinic; taking them off the care team of a client whose open session they own (`removeClientIds.<i>`); a CLINIC token changing the status or details of someone who also works in other clinics of the institute",
    unprocessable:
      "`addClientIds.<i>` or `removeClientIds.<i>` names no client of the caller's clinic (an INSTITUTE: of its clinics) where the care provider works",
  },
});

const EMAILS_NOTE = `The person, or their address (as the caller's clinic or institute sent to it), was emailed an invitation ${String(INVITATION_EMAILS_PER_HOUR)} times within the hour; \`sendEmail=false\` still makes a link`;

export const inviteCaregiver = defineOperation({
  operationId: "inviteCaregiver",
  method: "POST",
  path: "/gateway/profile/clinic/caregiver/{id}/invitation",
  tag: "Clinic",
  summary: "Create or renew a care provider's invitation link",
  description: `For a care provider of the clinic who has no sign-in and is ACTIVE, VERIFIED, INVITED, PENDING or OPEN: a one-time link valid 7 days where they choose a username and password (INVITED, PENDING and OPEN then become ACTIVE; ACTIVE and VERIFIED keep their status). Only the link's SHA-256 is stored, so it is shown once; renewing revokes the previous link. A CLINIC token invites only someone who works in no other clinic of the institute; the institute invites a shared care provider. \`clinicId\` 0 or absent is the caller's clinic; an INSTITUTE names one. Unless \`sendEmail=false\`, the link is also emailed to the care provider's address in their language (queued in the same transaction, sent by the job workers; \`emailedTo\` names the address); resending is renewing: the link emailed before stops working. At most ${String(INVITATION_EMAILS_PER_HOUR)} emails an hour per person: past them 429, nothing changed (the open link still works).`,
  roles: STAFF,
  headers: ["offset"],
  params: PathId,
  query: InvitationQuery,
  ok: invitationCreated,
  errors: [...AUTHED_ERRORS, "not_found", "conflict", "rate_limited"],
  errorNotes: {
    conflict:
      "The care provider is INACTIVE or DECLINED, already has a sign-in, or (CLINIC token) also works in other clinics of the institute",
    rate_limited: EMAILS_NOTE,
  },
});

export const inviteClient = defineOperation({
  operationId: "inviteClient",
  method: "POST",
  path: "/gateway/profile/clinic/client/{id}/invitation",
  tag: "Clients",
  summary: "Create or renew a client's invitation link",
  description: `For an ACTIVE client of the clinic without a sign-in: a one-time link valid 7 days where they choose a username and password. Only the link's SHA-256 is stored; renewing revokes the previous link. Unless \`sendEmail=false\`, the link is also emailed to the client's address in their language (queued in the same transaction, sent by the job workers; \`emailedTo\` names the address); resending is renewing: the link emailed before stops working. At most ${String(INVITATION_EMAILS_PER_HOUR)} emails an hour per person: past them 429, nothing changed (the open link still works).`,
  roles: STAFF,
  headers: ["offset"],
  params: PathId,
  query: ClientInvitationQuery,
  ok: invitationCreated,
  errors: [...AUTHED_ERRORS, "not_found", "conflict", "rate_limited"],
  errorNotes: { conflict: "The client is INACTIVE or already has a sign-in", rate_limited: EMAILS_NOTE },
});

export const acceptInvitation = defineOperation({
  operationId: "acceptInvitation",
  method: "POST",
  path: "/gateway/uaa/invitation",
  tag: "Authentication",
  summary: "Accept an invitation: choose a username and password",
  description:
    "No token needed. The invitation's token goes in the body, never in a URL. Creates the person's sign-in (a care provider becomes ACTIVE) and uses the invitation up: of two submissions at once exactly one succeeds. Rate-limited per address like the token operation. Usernames are unique across the platform and stored in lower case.",
  body: {
    schema: InvitationAcceptRequest,
    example: {
      token: "q8Yf3nR2tW5xZ7bC9dE1gH4jK6mN8pQ0sT2vX4zA6bD",
      username: "grace@clinic.example",
      password: "correct horse battery staple",
    },
  },
  ok: {
    status: 201,
    description: "The sign-in exists: sign in with the token operation or the sign-in page",
    schema: InvitationAccepted,
    example: { username: "grace@clinic.example", role: "CAREGIVER" },
  },
  errors: [...JSON_BODY_ERRORS, "not_found", "conflict", "rate_limited", "unavailable"],
  errorNotes: {
    not_found: "No invitation has this token",
    conflict:
      "The invitation was used, renewed or has expired, the person may no longer accept it, or the username is taken (`errors` names `username`)",
  },
});
