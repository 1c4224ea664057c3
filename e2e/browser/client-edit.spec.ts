import type { APIRequestContext } from "@playwright/test";
import { makeClient, makeSession } from "@/prisma/factories";
import { accessible } from "../support/accessible";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

/** The client's own sign-in, as their app makes it: the token operation. */
const clientSignIn = (request: APIRequestContext, username: string, password: string) =>
  request.post("/gateway/uaa/oauth/token", { form: { grant_type: "password", username, password } });

test.describe("a client's page: edit, status, care team, sessions", () => {
  test("staff edit a client's details and care team and see them on the client's page", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}`);
    await page.getByRole("link", { name: `Edit ${w.client.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}/edit$`));
    await expect(page.getByLabel("Full name")).toHaveValue(w.client.name);
    await page.getByLabel("Full name").fill(`Robin Renamed ${w.u}`);
    await page.getByLabel("Mobile").fill("+31 6 9999 0000");
    await page.getByLabel("External id").fill("");
    await page.getByLabel("Language").selectOption("FR");
    await page.getByRole("checkbox", { name: new RegExp(w.outsider.name) }).check();
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}$`));
    await expect(page.getByRole("heading", { name: `Robin Renamed ${w.u}` })).toBeVisible();
    const details = page.getByRole("region", { name: "Details" });
    await expect(details.getByText("+31 6 9999 0000")).toBeVisible();
    await expect(details.getByText("French")).toBeVisible();
    const team = page.getByRole("region", { name: "Care team" });
    await expect(team.getByText(`${w.outsider.name} · Nurse`)).toBeVisible();
    await expect(team.getByText(`${w.carer.name} · Psychologist`)).toBeVisible();
  });

  test("saving a client's page with nothing changed says so as a notice, as the other edit pages do, and sends nothing", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}/edit`);
    await expect(page.getByLabel("Full name")).toHaveValue(w.client.name);
    const changes: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PATCH") changes.push(r.url());
    });
    await page.getByRole("button", { name: "Save changes" }).click();
    // Nothing was saved: the toast is the notice kind, not a success with its check mark.
    const notice = page.locator("[data-sonner-toast]", { hasText: "Nothing to save: no field was changed." });
    await expect(notice).toHaveAttribute("data-type", "info");
    expect(changes).toEqual([]);
  });

  test("deactivating a client asks first; the client then cannot sign in, and can again once active", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    expect((await clientSignIn(page.request, w.client.username, w.client.password)).status()).toBe(200);
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}/edit`);
    await page.getByLabel("Status").selectOption("INACTIVE");
    await expect(page.getByText("An inactive client cannot sign in and gets no reminders.")).toBeVisible();
    await page.getByRole("button", { name: "Save changes" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Deactivate ${w.client.name}?`);
    // Keeping the client active changes nothing.
    await dialog.getByRole("button", { name: "Keep active" }).click();
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}/edit$`));
    await expect(page.getByRole("button", { name: "Save changes" })).toBeFocused();
    expect((await clientSignIn(page.request, w.client.username, w.client.password)).status()).toBe(200);

    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Deactivate" }).click();
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}$`));
    // The toast says what the change did, not only "saved".
    await expect(
      page.getByText(`${w.client.name} is now inactive: signed out everywhere, cannot sign in and gets no reminders.`),
    ).toBeVisible();
    await expect(page.getByText("inactive", { exact: true })).toBeVisible();
    const refused = await clientSignIn(page.request, w.client.username, w.client.password);
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect((await refused.json()).error).toBe("invalid_grant");

    await page.getByRole("link", { name: `Edit ${w.client.name}` }).click();
    await page.getByLabel("Status").selectOption("ACTIVE");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${w.client.name} is active again: can sign in and gets reminders.`)).toBeVisible();
    await expect(page.getByText("active", { exact: true })).toBeVisible();
    expect((await clientSignIn(page.request, w.client.username, w.client.password)).status()).toBe(200);
  });

  test("a page opened before someone else deactivated the client does not undo it when saving a mobile", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}/edit`);
    await expect(page.getByLabel("Status")).toHaveValue("ACTIVE");
    // A colleague deactivates the client meanwhile (through the API, as their page would).
    const token = await clientSignIn(page.request, w.staff.username, w.staff.password);
    const { access_token } = (await token.json()) as { access_token: string };
    const deactivated = await page.request.patch(`/gateway/profile/clinic/client/${w.client.id}`, {
      headers: { authorization: `bearer ${access_token}` },
      data: { status: "INACTIVE" },
    });
    expect(deactivated.status()).toBe(200);

    await page.getByLabel("Mobile").fill("+31 6 5555 0000");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}$`));
    await expect(page.getByRole("region", { name: "Details" }).getByText("+31 6 5555 0000")).toBeVisible();
    await expect(page.getByText("inactive", { exact: true })).toBeVisible();
    const refused = await clientSignIn(page.request, w.client.username, w.client.password);
    expect((await refused.json()).error).toBe("invalid_grant");
  });

  test("removing the owner of an open session is refused in words, and the team stays", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}/edit`);
    await page.getByRole("checkbox", { name: new RegExp(w.carer.name) }).uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "owns open sessions" })).toHaveText(
      `${w.carer.name} owns open sessions of this client: Week 1 ${w.u}. Only the care provider can close them, on each session's page; until then they stay on the care team, and nothing was saved.`,
    );
    await expect(page).toHaveURL(new RegExp(`/client/${w.client.id}/edit$`));
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("region", { name: "Care team" }).getByText(w.carer.name)).toBeVisible();
  });

  test("staff start a new episode of care after asking; the care team reads when it started", async ({
    page,
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}`);
    const episode = page.getByRole("region", { name: "Episode of care" });
    await expect(episode).toContainText("Since the client's first score");
    await episode.getByRole("button", { name: "Start a new episode of care" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Start a new episode of care?" });
    await expect(dialog).toContainText(`not from ${w.client.name}'s first score`);
    await accessible(page, "the question before a new episode of care");
    // Cancelled: nothing started.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    const startedAt = async () =>
      (await db.client.findUniqueOrThrow({ where: { id: w.client.id }, select: { careEpisodeStartedAt: true } }))
        .careEpisodeStartedAt;
    expect(await startedAt()).toBeNull();
    await episode.getByRole("button", { name: "Start a new episode of care" }).click();
    await dialog.getByRole("button", { name: "Start new episode" }).click();
    await expect(page.getByText("New episode of care started.")).toBeVisible();
    await expect(episode).toContainText(
      /Since .*\d{4}.*: an alert on a change compares each new score with the first score of this episode/,
    );
    expect(await startedAt()).not.toBeNull();
    // A further one is measured afresh from this one's scores, not from the first at the clinic.
    await episode.getByRole("button", { name: "Start a new episode of care" }).click();
    await expect(dialog).toContainText("not from those of the episode before.");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The care team reads it, with no button to start another.
    const carerPage = await signedIn(w.carer);
    await carerPage.goto(`/client/${w.client.id}`);
    const seen = carerPage.getByRole("region", { name: "Episode of care" });
    await expect(seen).toContainText(
      /Since .*\d{4}.*: an alert on a change compares each new score with the first score of this episode/,
    );
    await expect(seen.getByRole("button")).toHaveCount(0);
  });

  test("the episode card of a client with no score yet says so, and offers no new episode", async ({ page }) => {
    const w = await makeClinicWorld();
    const fresh = await makeClient(db, {
      clinicId: w.clinic.id,
      name: `Nora Noscore ${w.u}`,
      email: `nora-${w.u}@test.test`,
    });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${fresh.id}`);
    const episode = page.getByRole("region", { name: "Episode of care" });
    await expect(episode).toContainText("No score yet.");
    await expect(episode).not.toContainText("Since the client's first score");
    await expect(episode.getByRole("button")).toHaveCount(0);
  });

  test("a client's page lists the latest sessions first, ten at once, and the rest on asking", async ({ page }) => {
    const w = await makeClinicWorld();
    const week1 = await db.session.findUniqueOrThrow({ where: { id: w.session.id }, select: { startAt: true } });
    for (let week = 2; week <= 12; week++) {
      await makeSession(db, {
        clinicId: w.clinic.id,
        clientId: w.client.id,
        caregiverId: w.carer.id,
        title: `Week ${String(week)} ${w.u}`,
        startAt: new Date(week1.startAt.getTime() + (week - 1) * 7 * 24 * 3600 * 1000),
      });
    }
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}`);
    const sessions = page.getByRole("region", { name: "Sessions" }).getByRole("listitem");
    await expect(sessions).toHaveCount(10);
    await expect(sessions.first()).toContainText(`Week 12 ${w.u}`);
    await expect(sessions.last()).toContainText(`Week 3 ${w.u}`);

    await page.getByRole("button", { name: "Show all 12 sessions" }).click();
    await expect(sessions).toHaveCount(12);
    await expect(sessions.last()).toContainText(`Week 1 ${w.u}`);
    // The keyboard goes on where the new rows start.
    await expect(sessions.nth(10).getByRole("link", { name: `Week 2 ${w.u}` })).toBeFocused();
    await expect(page.getByRole("button", { name: /Show all/ })).toHaveCount(0);
    await accessible(page, "the client's page with all its sessions", { asIs: true });
  });

  test("a session on the client's page opens its dashboard: for the care team, and for staff to read", async ({
    page,
  }) => {
    const w = await makeClinicWorld();
    const title = `Robin Client ${w.u}: Week 1 ${w.u}`;
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto(`/client/${w.client.id}`);
    await page.getByRole("link", { name: `Week 1 ${w.u}` }).click();
    await expect(page).toHaveURL(new RegExp(`/caregiver/sessions/${w.session.id}$`));
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Feedback on the whole session")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Close session" })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/client/${w.client.id}`);
    await expect(page.getByRole("link", { name: `Edit ${w.client.name}` })).toHaveCount(0);
    await page.getByRole("link", { name: `Week 1 ${w.u}` }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close session" })).toBeVisible();
  });
});
