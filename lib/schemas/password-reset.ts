import { z } from "zod";
import { MIN_PASSWORD } from "./caregiver";
import { text } from "./common";
import { PASSWORD_MAX_LENGTH } from "./token";

/** "Forgot your password?": the username or the email the person signs in with. */
export const PasswordResetRequest = z
  .object({
    login: text(320).describe("The username, or the email the sign-in was made with (any case)."),
  })
  .meta({ id: "PasswordResetRequest" });

/** The link's token and the new password. */
export const PasswordResetConfirm = z
  .object({
    token: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters"),
    password: z
      .string()
      .min(MIN_PASSWORD, `must be at least ${MIN_PASSWORD} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .meta({ id: "PasswordResetConfirm" });

export const PasswordResetDone = z
  .object({
    username: z.string().describe("The sign-in whose password changed: sign in with it and the new password."),
  })
  .meta({ id: "PasswordResetDone" });
