import { z } from "zod";
import { soFarWellFormed, text } from "@/lib/schemas/common";

/**
 * The beginnings of the usernames single sign-on gives (`sso:caregiver-<id>`) and gave until
 * 2026-12-02 (`sso-caregiver-<id>`, which some accounts still hold), and of any name that reads as
 * one ("sso" and a sign: `sso.caregiver-7`, `sso_client-7`). No one may choose one, so that no
 * one's name passes for such an account's in the audit log.
 */
const SSO_LIKE = /^sso[._@+:-]/;

/**
 * A username as it is stored and looked up: trimmed, A-Z in lower case, so that a sign-in finds it
 * typed in any case (a phone's keyboard may capitalise the first letter, or add a space). Only A-Z
 * are folded, as migration 20261202030000 folded the names stored before: Unicode's lower case and
 * the database's differ on letters such as Ö and İ, and a name folded one way and looked up the
 * other could never sign in.
 */
export const foldUsername = (s: string) => s.trim().replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** A username an invitee chooses or the operator gives, folded (`foldUsername`). */
export const ChosenUsername = text(100)
  .transform(foldUsername)
  .pipe(
    z
      .string()
      .regex(/^[a-z0-9._@+-]+$/, "may hold letters, digits and . _ @ + - only")
      .refine((s) => !SSO_LIKE.test(s), {
        message: `may not begin with "sso" and a sign such as "-" or "." (kept for single sign-on's accounts)`,
        // Named, so that a page can say this rule in its reader's language.
        params: { rule: "sso" },
        when: soFarWellFormed,
      }),
  );

/**
 * The username single sign-on gives the account it makes for caregiver or client `id`. Its ":" is
 * outside every chosen username (an invitee's never could hold one, the operator's CLI's cannot
 * since 2026-12-02), so no one takes it first: until then it was `sso-caregiver-<id>`, which an
 * invitee could choose before 1fb9df6, and may still hold.
 */
export const ssoUsername = (role: "caregiver" | "client", id: number) => `sso:${role}-${id}`;
