import { PasswordResetConfirm, PasswordResetDone, PasswordResetRequest } from "@/lib/schemas/password-reset";
import { SsoRequest } from "@/lib/schemas/sso";
import { RevokeRequest, TokenRequest, TokenResponse } from "@/lib/schemas/token";
import { defineOperation } from "./define";
import { JSON_BODY_ERRORS } from "./headers";

// RFC 6749's form, or JSON; the token operation also reads query parameters, as OPTT documented.
const FORM_OR_JSON = ["application/x-www-form-urlencoded", "application/json"] as const;

const tokens = {
  access_token: "kq3W9cX0vB7nR2tY5uI8oP1aS4dF6gH9jK2lZ5xC8vB",
  token_type: "bearer",
  expires_in: 86400,
  refresh_token: "Zr8Tq1Wm4Ne7Bv0Cx3Lk6Jh9Gf2Ds5Ap8Oi1Uy4Tr7E",
  scope: "CLINIC",
};

export const getToken = defineOperation({
  operationId: "getToken",
  method: "POST",
  path: "/gateway/uaa/oauth/token",
  tag: "Authentication",
  summary: "Get a token (password or refresh_token grant)",
  description:
    "Form body (application/x-www-form-urlencoded), JSON, or query parameters. The access token goes in `Authorization: bearer <access_token>` on every other operation; it expires after `expires_in` seconds. Refresh tokens rotate: each works once. An `Authorization: Basic …` header (OAuth client libraries send their client credentials with every token request) is ignored: this platform issues no client credentials, and the grant's own fields decide.",
  body: {
    schema: TokenRequest,
    contentTypes: FORM_OR_JSON,
    example: { grant_type: "password", username: "clinic-demo", password: "correct horse battery staple" },
  },
  ok: {
    status: 200,
    description: "Tokens (RFC 6749 §5.1)",
    schema: TokenResponse,
    headers: { "cache-control": "no-store" },
    example: tokens,
  },
  // RFC 6749 §5.2 answers wrong credentials and a body of another type with 400, not 401 or 415.
  errors: ["bad_request", "payload_too_large", "rate_limited", "unavailable"],
  errorFormat: "oauth",
  errorNotes: {
    bad_request:
      "A missing or unknown grant_type, a missing field, a body that is neither a form nor JSON, or wrong credentials or a used refresh token (`invalid_grant`)",
  },
});

export const revokeToken = defineOperation({
  operationId: "revokeToken",
  method: "POST",
  path: "/gateway/uaa/oauth/revoke",
  tag: "Authentication",
  summary: "Revoke a token (RFC 7009)",
  description:
    "Field `token` (a form body, JSON, or a query parameter, as the token operation reads its fields): an access token, or a refresh token (its whole family is revoked). 200 whether or not the token was known.",
  body: { schema: RevokeRequest, contentTypes: FORM_OR_JSON, example: { token: tokens.refresh_token } },
  ok: { status: 200, description: "Revoked (or unknown); empty body" },
  errors: ["bad_request", "payload_too_large", "unavailable"],
  errorFormat: "oauth",
});

export const exchangeSsoCode = defineOperation({
  operationId: "exchangeSsoCode",
  method: "POST",
  path: "/gateway/profile/institute/sso",
  tag: "Authentication",
  summary: "Exchange an identity provider's code for a token (SSO)",
  description:
    "No token needed (one sent is ignored). The code is redeemed at the institute's registered identity provider, once (a code presented again answers 401 without reaching the provider); the ID token is verified strictly; the person of `userType` in the clinic is found by email among the institute's own people, and created only where the institute allows it. An identity provider never reaches the people of another institute.",
  body: {
    schema: SsoRequest,
    example: {
      apiKey: "inst_5Yq2Lr8Tn1Vb4",
      clientId: "care-portal",
      clinicEmail: "north@clinic.example",
      code: "SplxlOBeZQQYbYS6WxSbIA",
      userType: "CAREGIVER",
      redirect_uri: "https://portal.example/callback",
    },
  },
  ok: {
    status: 200,
    description: "Tokens (RFC 6749 §5.1)",
    schema: TokenResponse,
    headers: { "cache-control": "no-store" },
    example: { ...tokens, scope: "CAREGIVER" },
  },
  errors: [
    "bad_request",
    "unauthorized",
    "forbidden",
    "not_found",
    "payload_too_large",
    "unsupported_media_type",
    "rate_limited",
    "bad_gateway",
    "unavailable",
  ],
  errorNotes: {
    unauthorized: "A wrong apiKey or clientId, a refused code or an ID token that does not verify",
    forbidden:
      "The institute has no identity provider registered; the provider gave no email, or one it has not verified; an unknown person where the institute does not allow creating one; a person whose status or account does not allow signing in; a person whose sign-in has another email address than the provider's (staff changed the person's: the operator moves the sign-in's)",
    not_found: "No clinic of the institute has that clinicEmail",
    bad_gateway:
      "The identity provider cannot be reached, answers outside the protocol, has a discovery document we do not follow, or refuses the platform's registered client: its id, secret or grant (the operator's registration to mend)",
  },
});

export const requestPasswordReset = defineOperation({
  operationId: "requestPasswordReset",
  method: "POST",
  path: "/gateway/uaa/password-reset",
  tag: "Authentication",
  summary: "Forgot your password: email a link to choose a new one",
  description:
    "No token needed. `login` is a username or the email the sign-in was made with. Each sign-in with a password that it names, and that may sign in, gets a one-time link by email to the address it was made with (a later change of the person's email by staff does not move it), valid one hour (a newer one replaces it; at most three an hour per sign-in). The answer is the same whether or not anyone matched, so it says nothing of who has an account. Rate-limited per address like the token operation. Sign-ins by an identity provider have no password here and get no email.",
  body: { schema: PasswordResetRequest, example: { login: "grace@clinic.example" } },
  ok: { status: 200, description: "Asked; empty body. An email follows if the login named a sign-in with a password" },
  errors: [...JSON_BODY_ERRORS, "rate_limited", "unavailable"],
});

export const resetPassword = defineOperation({
  operationId: "resetPassword",
  method: "POST",
  path: "/gateway/uaa/password-reset/confirm",
  tag: "Authentication",
  summary: "Choose a new password with an emailed link",
  description:
    "No token needed. The link's token goes in the body, never in an API URL. Sets the new password and ends every token and web session of the sign-in; the link works once: of two submissions at once exactly one succeeds. Rate-limited per address like the token operation.",
  body: {
    schema: PasswordResetConfirm,
    example: { token: "m4Jx7Qp2Lz9Vw3Nc8Bt5Rk1Hy6Fd0Sg2Ae4Ui7Oo9Pl", password: "a new and long passphrase" },
  },
  ok: {
    status: 200,
    description: "The password is changed: sign in with the username and the new password",
    schema: PasswordResetDone,
    example: { username: "grace@clinic.example" },
  },
  errors: [...JSON_BODY_ERRORS, "not_found", "conflict", "rate_limited", "unavailable"],
  errorNotes: {
    not_found: "No link has this token",
    conflict: "The link was used, replaced by a newer one or has expired, or the sign-in was disabled since",
  },
});
