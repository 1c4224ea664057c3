import { z } from "zod";
import { Problem } from "./common";

// The pages' sign-in form applies the same lengths (lib/auth/authenticate-password).
export const USERNAME_MAX_LENGTH = 200;
export const PASSWORD_MAX_LENGTH = 1000;

export const TokenRequest = z
  .discriminatedUnion("grant_type", [
    z.object({
      grant_type: z.literal("password"),
      username: z.string().min(1, "is required").max(USERNAME_MAX_LENGTH),
      password: z.string().min(1, "is required").max(PASSWORD_MAX_LENGTH),
    }),
    z.object({
      grant_type: z.literal("refresh_token"),
      refresh_token: z.string().min(1, "is required").max(500),
    }),
  ])
  .meta({ id: "TokenRequest", description: "Form fields (or query parameters) of the token operation" });

export const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("bearer"),
    expires_in: z.number().int().describe("seconds"),
    refresh_token: z.string(),
    scope: z.string().describe("the token's role"),
  })
  .meta({ id: "TokenResponse", description: "RFC 6749 §5.1" });

// The token operations answer RFC 6749 §5.2 with the problem+json members beside (lib/gateway/oauth-error.ts).
export const OAuthError = z
  .object({ error: z.string(), error_description: z.string() })
  .extend(Problem.shape)
  .meta({ id: "OAuthError", description: "RFC 6749 §5.2 error, with the members of an RFC 9457 problem" });

export const RevokeRequest = z
  .object({ token: z.string().min(1).max(500) })
  .meta({ id: "RevokeRequest", description: "RFC 7009 revocation request" });
