import { z } from "zod";
import { LinkToken, NewPassword } from "./caregiver";
import { text } from "./common";

/** "Forgot your password?": the username or the email the person signs in with. */
export const PasswordResetRequest = z
  .object({
    login: text(320).describe("The username, or the email the sign-in was made with (any case)."),
  })
  .meta({ id: "PasswordResetRequest" });

/** The link's token and the new password. */
export const PasswordResetConfirm = z
  .object({
    token: LinkToken,
    password: NewPassword,
  })
  .meta({ id: "PasswordResetConfirm" });

export const PasswordResetDone = z
  .object({
    username: z.string().describe("The sign-in whose password changed: sign in with it and the new password."),
  })
  .meta({ id: "PasswordResetDone" });
