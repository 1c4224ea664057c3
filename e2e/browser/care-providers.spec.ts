import { createHash, randomBytes } from "node:crypto";
import { makeCaregiver, makeClient, makeClinic } from "@/prisma/factories";
import { accessible } from "../support/accessible";
import { db, expect, loseAnswers, makeClinicWorld, signIn, test } from "../support/fixtures";

// Care providers as clinic staff manage them, and the invitation page where an invited person
// chooses a sign-in: the flows a person goes through, and the refusals they can meet.

/** An invited care provider of the world's clinic with an invitation whose token the test knows. */
async function invitation(w: Awaited<ReturnType<typeof makeClinicWorld>>, at: { expiresAt: Date; usedAt?: Date }) {
  const token = randomBytes(32).toString("base64url");
  const person = await db.caregiver.create({
    data: {
      instituteId: w.institute.id,
      name: `Ivy Invited ${w.u}`,
      email: `ivy-${w.u}-${token.slice(0, 6)}@test.test`,
      position: "Therapist",
      activationStatus: "INVITED",
      clinics: { create: { clinicId: w.clinic.id } },
    },
  });
  await db.invitation.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("base64url"),
      clinicId: w.clinic.id,
      caregiverId: person.id,
      expiresAt: at.expiresAt,
      usedAt: at.usedAt ?? null,
    },
  });
  return { token, person };
}

test.describe("care providers", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff add a care provider and copy the invitation link; the invitee sets a password and is signed in as a caregiver", async ({
    page,
    browser,
    context,
  }) => {
    const w = await makeClinicWorld();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Care providers" }).click();
    await expect(page.getByRole("heading", { name: "Care providers", level: 1 })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(w.carer.name) })).toContainText("active");
    await accessible(page, "care providers");

    // The form opens in the button's place; cancelled, focus goes back to the button, not to the
    // top of the page.
    await page.getByRole("button", { name: "Add care provider" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.locator("#cp-name")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add care provider" })).toBeFocused();

    await page.getByRole("button", { name: "Add care provider" }).click();
    const email = `nora-${w.u}@test.test`;
    await page.locator("#cp-name").fill("Nora New");
    await page.locator("#cp-email").fill(email);
    await page.locator("#cp-position").fill("Occupational therapist");
    await page.locator("#cp-mobile").fill("+31 6 1234 5678");
    await page.locator("#cp-language").selectOption("FR");
    await expect(page.locator("#cp-status")).toHaveValue("INVITED");
    await page.getByRole("checkbox", { name: w.client.name }).check();
    await accessible(page, "add form");
    await page.getByRole("button", { name: "Add care provider" }).click();

    await expect(page).toHaveURL(/\/clinic\/caregivers\/\d+$/);
    await expect(page.getByRole("heading", { name: "Nora New", level: 1 })).toBeVisible();
    await expect(page.locator("#cd-position")).toHaveValue("Occupational therapist");
    await page.getByRole("button", { name: "Create invitation link" }).click();
    const link = page.locator("#invitation-url");
    await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{40,}$/);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(await link.inputValue());
    await accessible(page, "care provider");

    // The invitee, in a browser of their own.
    const fresh = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const invitee = await fresh.newPage();
    await invitee.goto(url);
    await expect(invitee.getByRole("heading", { name: "Welcome, Nora New" })).toBeVisible();
    await expect(invitee.getByText(`${w.clinic.name} invites you`)).toBeVisible();
    await expect(invitee.locator("#invite-username")).toHaveValue(email);
    await expect(invitee.locator("#invite-username")).toHaveAttribute("autocapitalize", "none");
    await accessible(invitee, "invitation");
    await invitee.locator("#invite-password").fill("nora's long password");
    await invitee.locator("#invite-confirm").fill("nora's long password");
    await invitee.getByRole("button", { name: "Save and sign in" }).click();
    await expect(invitee.getByRole("heading", { name: "My sessions" })).toBeVisible();
    await expect(invitee.getByText("Signed in as Nora New")).toBeVisible();
    await expect(invitee.getByText("Your sign-in is ready. Welcome!")).toBeVisible();
    await fresh.close();

    // The staff page now shows them active, with a sign-in and the link used.
    await page.reload();
    await expect(page.locator("#cd-status")).toHaveValue("ACTIVE");
    await expect(page.getByText("The last link was used")).toBeVisible();
    await expect(page.getByRole("button", { name: /invitation link/ })).toHaveCount(0);
  });

  test("Back to the care providers finds the page as left", async ({ page }) => {
    const w = await makeClinicWorld();
    // The list shows twenty a page; the world has two.
    for (let i = 0; i < 19; i++)
      await makeCaregiver(db, {
        clinicIds: [w.clinic.id],
        name: `Paged ${i} ${w.u}`,
        email: `paged${i}-${w.u}@test.test`,
      });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/caregivers");
    const pager = page.getByRole("navigation", { name: "Pages of care providers" });
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(pager.getByText(/^Page 2 of 2/)).toBeVisible();
    await page.getByRole("table").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/clinic\/caregivers\/\d+$/);
    await page.goBack();
    await expect(pager.getByText(/^Page 2 of 2/)).toBeVisible();
  });

  test("pressed again after the answer was lost, the add form adds the care provider once", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/caregivers");
    await page.getByRole("button", { name: "Add care provider" }).click();
    const email = `lost-${w.u}@test.test`;
    await page.locator("#cp-name").fill("Lena Lost");
    await page.locator("#cp-email").fill(email);
    await page.locator("#cp-position").fill("Therapist");
    // The server adds the person; its answer never reaches the browser (a dropped connection).
    const lost = await loseAnswers(page, "**/gateway/profile/clinic/caregiver");
    await page.getByRole("button", { name: "Add care provider" }).last().click();
    await expect(page.getByText("The care provider could not be added. Please try again.")).toBeVisible();
    expect(lost.answers[0]?.status()).toBe(201);
    await lost.restore();

    await page.getByRole("button", { name: "Add care provider" }).last().click();
    await expect(page).toHaveURL(/\/clinic\/caregivers\/\d+$/);
    await expect(page.getByRole("heading", { name: "Lena Lost", level: 1 })).toBeVisible();
    expect(await db.caregiver.count({ where: { instituteId: w.institute.id, email } })).toBe(1);
  });

  test("the invitation form names every problem at once, each at its field, and sends nothing", async ({ page }) => {
    const w = await makeClinicWorld();
    const open = await invitation(w, { expiresAt: new Date(Date.now() + 86_400_000) });
    let sent = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/gateway/")) sent++;
    });
    await page.goto(`/invite/${open.token}`);
    await page.locator("#invite-username").fill("ivy invited!");
    await page.locator("#invite-password").fill("short");
    await page.locator("#invite-confirm").fill("shorter");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.locator("#invite-username")).toHaveAccessibleDescription(
      /Use only letters without accents, digits and \. _ @ \+ - \(no spaces\)\.$/,
    );
    await expect(page.locator("#invite-password")).toHaveAccessibleDescription(/Must be at least 10 characters\.$/);
    await expect(page.locator("#invite-confirm")).toHaveAccessibleDescription(/The two passwords differ\.$/);
    await expect(page.locator("#invite-username")).toBeFocused();
    expect(sent).toBe(0);
    expect((await db.invitation.findFirstOrThrow({ where: { caregiverId: open.person.id } })).usedAt).toBeNull();
  });

  test("an expired, a used and an unknown invitation each show their refusal", async ({ page }) => {
    const w = await makeClinicWorld();
    const expired = await invitation(w, { expiresAt: new Date(Date.now() - 60_000) });
    await page.goto(`/invite/${expired.token}`);
    await expect(page.getByRole("heading", { name: "This invitation has expired" })).toBeVisible();
    await expect(page.getByText("Ask your clinic for a new link.")).toBeVisible();
    await expect(page.locator("#invite-password")).toHaveCount(0);
    await accessible(page, "expired invitation");

    const used = await invitation(w, { expiresAt: new Date(Date.now() + 86_400_000), usedAt: new Date() });
    await page.goto(`/invite/${used.token}`);
    await expect(page.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();
    await page.getByRole("link", { name: "Go to sign-in" }).click();
    await expect(page).toHaveURL(/\/signin/);

    await page.goto(`/invite/${randomBytes(32).toString("base64url")}`);
    await expect(page.getByRole("heading", { name: "This invitation link is not valid" })).toBeVisible();
  });

  test("a taken username is shown at its field, and a link used in another tab is refused on submit", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const open = await invitation(w, { expiresAt: new Date(Date.now() + 86_400_000) });
    await page.goto(`/invite/${open.token}`);
    await page.locator("#invite-username").fill(w.staff.username);
    await page.locator("#invite-password").fill("a long enough password");
    await page.locator("#invite-confirm").fill("a long enough password");
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.locator("#invite-username-error")).toHaveText("This username is taken; choose another.");
    await expect(page.locator("#invite-username")).toHaveAttribute("aria-invalid", "true");
    // Meanwhile the link is used elsewhere: this page's submission is refused in words.
    await db.invitation.updateMany({ where: { caregiverId: open.person.id }, data: { usedAt: new Date() } });
    await page.locator("#invite-username").fill(`ivy-${w.u}`);
    await page.getByRole("button", { name: "Save and sign in" }).click();
    await expect(page.getByRole("heading", { name: "This invitation was already used" })).toBeVisible();
  });

  test("a care provider set inactive is signed out and cannot sign in again", async ({ page, signedIn }) => {
    const w = await makeClinicWorld();
    const carerPage = await signedIn(w.carer);
    await carerPage.goto("/caregiver");
    await expect(carerPage.getByRole("heading", { name: "My sessions" })).toBeVisible();

    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/clinic/caregivers/${String(w.carer.id)}`);
    await page.locator("#cd-status").selectOption("INACTIVE");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Save and sign out" }).click();
    await expect(page.getByText("Changes saved.")).toBeVisible();
    await expect(page.getByRole("heading", { name: w.carer.name, level: 1 })).toBeVisible();
    await expect(page.locator("#cd-status")).toHaveValue("INACTIVE");

    await carerPage.reload();
    await expect(carerPage).toHaveURL(/\/signin/);
    await carerPage.getByLabel("Username", { exact: true }).fill(w.carer.username);
    await carerPage.getByLabel("Password", { exact: true }).fill(w.carer.password);
    await carerPage.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(carerPage.getByRole("alert").filter({ hasText: "Wrong username or password" })).toBeVisible();
  });

  test("a page opened before another's deactivation saves only what its user changed: the care provider stays inactive", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/clinic/caregivers/${String(w.carer.id)}`);
    await expect(page.locator("#cd-status")).toHaveValue("ACTIVE");

    // Meanwhile another member of staff sets them inactive from a browser of their own.
    const otherPage = await signedIn(w.staff);
    const r = await otherPage.request.patch(`/gateway/profile/clinic/caregiver/${String(w.carer.id)}`, {
      data: { activationStatus: "INACTIVE" },
      headers: { origin: process.env.E2E_BASE_URL ?? "" },
    });
    expect(r.status(), await r.text()).toBe(200);
    await otherPage.context().close();

    // The open page still shows ACTIVE; fixing the mobile there must not undo the deactivation.
    await page.locator("#cd-mobile").fill("+31 6 5555 0000");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved.")).toBeVisible();
    const stored = await db.caregiver.findUniqueOrThrow({ where: { id: w.carer.id } });
    expect(stored).toMatchObject({ mobile: "+31 6 5555 0000", activationStatus: "INACTIVE" });
    await expect(page.locator("#cd-status")).toHaveValue("INACTIVE");

    // Saving with nothing changed says so and sends nothing.
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Nothing to save: no field was changed.")).toBeVisible();
  });

  test("a status that signs the person out is explained and asks first", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/clinic/caregivers/${String(w.carer.id)}`);
    await expect(
      page.getByText(
        "Active and verified people may sign in; any other status signs them out at once and keeps them out.",
      ),
    ).toBeVisible();
    await page.locator("#cd-status").selectOption("PENDING");
    await page.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Sign ${w.carer.name} out?`);
    await accessible(page, "status confirmation");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Save changes" })).toBeFocused();
    expect((await db.caregiver.findUniqueOrThrow({ where: { id: w.carer.id } })).activationStatus).toBe("ACTIVE");

    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Save and sign out" }).click();
    await expect(page.getByText("Changes saved.")).toBeVisible();
    expect((await db.caregiver.findUniqueOrThrow({ where: { id: w.carer.id } })).activationStatus).toBe("PENDING");

    // A change that keeps them signed in does not ask.
    await page.locator("#cd-status").selectOption("VERIFIED");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect
      .poll(async () => (await db.caregiver.findUniqueOrThrow({ where: { id: w.carer.id } })).activationStatus)
      .toBe("VERIFIED");
  });

  test("a client's invitation card: none with a sign-in, explained when inactive, renewing an open link asks first", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(w.client.id)}`);
    await expect(page.getByRole("heading", { name: w.client.name, level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Invitation link" })).toHaveCount(0);

    const inactive = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Idle ${w.u}`,
      email: `idle-${w.u}@test.test`,
      status: "INACTIVE",
    });
    await page.goto(`/client/${String(inactive.id)}`);
    const idleCard = page.getByRole("region", { name: "Invitation link" });
    await expect(idleCard).toContainText("An inactive client cannot be invited; make the client active first.");
    await expect(idleCard.getByRole("button")).toHaveCount(0);

    const fresh = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Fresh ${w.u}`,
      email: `fresh-${w.u}@test.test`,
    });
    await page.goto(`/client/${String(fresh.id)}`);
    await page.getByRole("button", { name: "Create invitation link" }).click();
    const first = await page.locator("#invitation-url").inputValue();
    expect(first).toMatch(/\/invite\//);
    await page.reload();
    await expect(page.getByText("The last link is still open")).toBeVisible();
    await page.getByRole("button", { name: "Renew invitation link" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("The link already sent stops working");
    await accessible(page, "renew confirmation");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    // Focus goes back to the button that asked, not to the top of the page.
    await expect(page.getByRole("button", { name: "Renew invitation link" })).toBeFocused();
    expect(await db.invitation.count({ where: { clientId: fresh.id } })).toBe(1);
    await page.getByRole("button", { name: "Renew invitation link" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace the link" }).click();
    await expect(page.locator("#invitation-url")).toHaveValue(/\/invite\//);
    expect(await page.locator("#invitation-url").inputValue()).not.toBe(first);
    expect(await db.invitation.count({ where: { clientId: fresh.id } })).toBe(2);
  });

  test("past three invitation emails in an hour, the card says when the next can go and that a link already sent still works", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const email = `fresh-${w.u}@test.test`;
    const fresh = await makeClient(db, { clinicId: w.clinic.id, name: `Fresh ${w.u}`, email });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${String(fresh.id)}`);
    const card = page.getByRole("region", { name: "Invitation link" });
    await card.getByRole("button", { name: "Send invitation by email" }).click();
    await expect(card.getByRole("status")).toContainText(`Emailed to ${email}`);
    for (let sent = 2; sent <= 4; sent++) {
      await card.getByRole("button", { name: "Resend invitation by email" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Replace the link and email it" }).click();
      if (sent <= 3) await expect.poll(() => db.invitation.count({ where: { clientId: fresh.id } })).toBe(sent);
    }
    await expect(card.getByRole("alert")).toHaveText(
      /^They were emailed an invitation 3 times within the hour: the next email can go in (59|60) minutes\. Nothing was changed: a link already sent still works\./,
    );
    expect(await db.invitation.count({ where: { clientId: fresh.id, revokedAt: null } })).toBe(1);
    expect(await db.invitation.count({ where: { clientId: fresh.id } })).toBe(3);
    // The link staff hand over themselves is still made.
    await card.getByRole("button", { name: "Renew invitation link" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace the link" }).click();
    await expect(page.locator("#invitation-url")).toHaveValue(/\/invite\//);
    await expect(card.getByRole("alert")).toHaveCount(0);
  });

  test("staff remove a care provider from the clinic; one who owns an open session here is refused in words", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const other = await makeClinic(db, {
      name: `Second clinic ${w.u}`,
      email: `second-${w.u}@test.test`,
      instituteId: w.institute.id,
    });
    await db.caregiverClinic.create({
      data: { caregiverId: w.carer.id, clinicId: other.id, instituteId: w.institute.id },
    });
    await signIn(page, w.staff.username, w.staff.password);

    // The care-team caregiver runs the world's open session: removing them is refused, nothing changes.
    await page.goto(`/clinic/caregivers/${String(w.carer.id)}`);
    await page.getByRole("button", { name: `Remove from ${w.clinic.name}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Remove ${w.carer.name} from ${w.clinic.name}?` });
    await expect(dialog).toContainText("Not possible while they have an open session here.");
    await dialog.getByRole("button", { name: "Remove" }).click();
    const clinics = page.getByRole("region", { name: "Clinics" });
    await expect(clinics.getByRole("alert")).toContainText(`owns 1 open session in ${w.clinic.name};`);
    await expect(clinics.getByRole("alert")).toContainText("close or hand them over first");
    await expect(page).toHaveURL(new RegExp(`/clinic/caregivers/${String(w.carer.id)}$`));
    expect(await db.caregiverClinic.count({ where: { caregiverId: w.carer.id, clinicId: w.clinic.id } })).toBe(1);

    // Nor may a care provider lose their only clinic: no button offers it, and the page says what
    // staff can do instead (before, the button was offered and its refusal spoke of "INACTIVE").
    await page.goto(`/clinic/caregivers/${String(w.outsider.id)}`);
    await expect(clinics).toContainText(
      `This is their only clinic. To end their access, set their status to Inactive under “Details and status”.`,
    );
    await expect(page.getByRole("button", { name: `Remove from ${w.clinic.name}` })).toHaveCount(0);

    // Working in a second clinic of the institute, with no open session here, they leave this one and its list.
    await db.caregiverClinic.create({
      data: { caregiverId: w.outsider.id, clinicId: other.id, instituteId: w.institute.id },
    });
    await page.reload();
    await expect(clinics).toContainText(other.name);
    await page.getByRole("button", { name: `Remove from ${w.clinic.name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText(`${w.outsider.name} removed from ${w.clinic.name}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/clinic\/caregivers$/);
    await expect(page.getByRole("row", { name: new RegExp(w.carer.name) })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(w.outsider.name) })).toHaveCount(0);
    expect(await db.caregiverClinic.count({ where: { caregiverId: w.outsider.id, clinicId: w.clinic.id } })).toBe(0);
    expect(await db.caregiverClinic.count({ where: { caregiverId: w.outsider.id, clinicId: other.id } })).toBe(1);
  });

  test("a clinic of more clients than are listed finds any of them for a new care provider and for their care teams", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    // 101 more clients, newer than the world's own: the newest hundred listed leave out it and "Many 000".
    await db.client.createMany({
      data: Array.from({ length: 101 }, (_, i) => ({
        clinicId: w.clinic.id,
        name: `Many ${String(i).padStart(3, "0")} ${w.u}`,
        email: `many-${String(i)}-${w.u}@test.test`,
        opptId: `many-${String(i)}-${w.u}`,
      })),
    });
    const oldest = `Many 000 ${w.u}`;
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic/caregivers");
    await page.getByRole("button", { name: "Add care provider" }).click();
    await expect(page.getByText("The newest 100 of 102 are listed: find any other below.")).toBeVisible();
    const team = page.getByRole("group", { name: /Care team of/ });
    await expect(team.getByRole("checkbox", { name: w.client.name })).toHaveCount(0);

    // The server finds the one not listed; ticked, it stays while another search lists others.
    const find = team.getByRole("searchbox", { name: "Find a client" });
    await find.fill(w.client.email);
    await expect(page.getByRole("status").filter({ hasText: `1 client matches “${w.client.email}”.` })).toBeVisible();
    await team.getByRole("checkbox", { name: w.client.name }).check();
    await find.fill("Many");
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "101 clients match “Many”. The first 100 are listed: type more to find the others." }),
    ).toBeVisible();
    await expect(team.getByRole("checkbox")).toHaveCount(101);
    await expect(team.getByRole("checkbox", { name: w.client.name })).toBeChecked();

    await page.locator("#cp-name").fill("Sam Park");
    await page.locator("#cp-email").fill(`sam-${w.u}@test.test`);
    await page.locator("#cp-position").fill("Psychologist");
    await page.getByRole("button", { name: "Add care provider" }).click();
    await expect(page.getByRole("heading", { name: "Sam Park", level: 1 })).toBeVisible();
    const teams = page.getByRole("region", { name: "Care teams" });
    await expect(teams.getByRole("link", { name: w.client.name })).toBeVisible();

    // Their page's "Add to care teams" finds the oldest too, and not a client whose team they are on.
    await teams.getByRole("button", { name: "Add to care teams" }).click();
    await expect(teams.getByText("Of the newest 100 of 102 clients: find any other below.")).toBeVisible();
    const more = teams.getByRole("group", { name: /Care team of/ });
    const findMore = more.getByRole("searchbox", { name: "Find a client" });
    await findMore.fill(w.client.name);
    await expect(page.getByRole("status").filter({ hasText: `No client matches “${w.client.name}”.` })).toBeVisible();
    await findMore.fill(oldest);
    await more.getByRole("checkbox", { name: oldest }).check();
    await teams.getByRole("button", { name: "Add to care teams" }).click();
    await expect(page.getByText("Sam Park added to 1 care team.")).toBeVisible();
    await expect(teams.getByRole("link", { name: oldest })).toBeVisible();
    const joined = await db.careTeamMember.findMany({
      where: { caregiver: { email: `sam-${w.u}@test.test` } },
      select: { client: { select: { name: true } } },
    });
    expect(joined.map((m) => m.client.name).sort()).toEqual([oldest, w.client.name].sort());
  });
});
