-- A sign-in made by single sign-on gets its own address, as every sign-in with a password has:
-- the IdP's email when it was made (lib/sso/exchange-sso-code.ts), and identity providers reach a
-- sign-in by that address only (docs/RELIABILITY.md, "Found by a review as an attacker on the
-- pages"). Those made before had none, and were reached by the person's email, which staff may
-- change. They take the person's email as it is now, the nearest to the IdP's that is known (equal
-- to it unless staff changed it since). An erased client's sign-in keeps none: nothing reaches it.
UPDATE "Account" a SET email = lower(st.email)
  FROM "ClinicStaff" st WHERE a."staffId" = st.id AND a.email IS NULL;
UPDATE "Account" a SET email = lower(cg.email)
  FROM "Caregiver" cg WHERE a."caregiverId" = cg.id AND a.email IS NULL;
UPDATE "Account" a SET email = lower(cl.email)
  FROM "Client" cl WHERE a."clientId" = cl.id AND a.email IS NULL AND cl."erasedAt" IS NULL;
