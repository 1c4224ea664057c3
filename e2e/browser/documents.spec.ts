import { readFileSync } from "node:fs";
import { db, expect, loseAnswers, makeClinicWorld, signIn, test } from "../support/fixtures";
import { accessible, axeViolations } from "../support/accessible";

// Documents of a session (docs/documents.md): a caregiver attaches a PDF on the session dashboard
// and downloads it through its link; the client downloads it with the web session's cookie; a file
// of another type is refused at the field before anything is sent.

const PDF = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

test.describe("session documents", () => {
  // Three people sign in and a file goes up and down: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test("a caregiver uploads a PDF on the session dashboard and the client downloads it", async ({ page, signedIn }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    const panel = page.getByRole("region", { name: "Documents" });
    await expect(panel.getByText("No documents yet.")).toBeVisible();

    // A text file named .pdf is refused at the field, and nothing is sent.
    await panel
      .getByLabel("File")
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
    await panel.getByRole("button", { name: "Upload" }).click();
    await expect(panel.getByText("Only PDF, PNG, JPEG, GIF or WEBP files can be added.")).toBeVisible();
    expect(await db.document.count({ where: { sessionId: w.session.id } })).toBe(0);

    const name = "Sleep plan for the weeks after the first session with a long name.pdf";
    await panel.getByLabel("File").setInputFiles({ name, mimeType: "application/pdf", buffer: PDF });
    await panel.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText(`“${name}” was added.`)).toBeVisible();
    const link = panel.getByRole("link", { name });
    await expect(link).toBeVisible();
    await expect(panel.getByText(/^PDF, .*, by Casey Carer/)).toBeVisible();

    // The link downloads the file with the web session (no token in the URL) and writes an audit row.
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(name);
    const doc = await db.document.findFirstOrThrow({ where: { sessionId: w.session.id }, select: { id: true } });
    expect(await link.getAttribute("href")).toBe(`/gateway/profile/session/${w.session.id}/document/${doc.id}`);
    await expect.poll(() => db.auditLog.count({ where: { action: "READ_DOCUMENT", targetId: doc.id } })).toBe(1);

    // Axe-clean with a document listed, and nothing wider than a 360 px screen.
    expect(await axeViolations(page, "[aria-labelledby^='documents-']")).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await panel.screenshot({ path: test.info().outputPath("documents-360.png") });

    // The client opens their page of the session and downloads it through its link, with the web
    // session's cookie; the bytes are the caregiver's.
    const clientPage = await signedIn(w.client);
    await clientPage.goto(`/homework/sessions/${w.session.id}`);
    const clientLink = clientPage.getByRole("region", { name: "Documents" }).getByRole("link", { name });
    const [clientDownload] = await Promise.all([clientPage.waitForEvent("download"), clientLink.click()]);
    expect(clientDownload.suggestedFilename()).toBe(name);
    expect(readFileSync(await clientDownload.path()).equals(PDF)).toBe(true);
    await expect.poll(() => db.auditLog.count({ where: { action: "READ_DOCUMENT", targetId: doc.id } })).toBe(2);
    const r = await clientPage.request.get(`/gateway/profile/session/${w.session.id}/document/${doc.id}`);
    expect(r.status()).toBe(200);
    expect(r.headers()["content-type"]).toBe("application/pdf");
    expect(r.headers()["content-disposition"]).toContain("attachment;");

    // A caregiver off the care team is refused (404), as for the session itself.
    const outsiderPage = await signedIn(w.outsider);
    const refused = await outsiderPage.request.get(`/gateway/profile/session/${w.session.id}/document/${doc.id}`);
    expect(refused.status()).toBe(404);
  });

  test("a file uploaded again after its answer was lost is added once", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    const panel = page.getByRole("region", { name: "Documents" });
    const uploads = `**/gateway/profile/session/${String(w.session.id)}/document`;
    // The server stores the file; its answer never reaches the browser (a dropped connection).
    const lost = await loseAnswers(page, uploads);
    await panel.getByLabel("File").setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: PDF });
    await panel.getByRole("button", { name: "Upload" }).click();
    await expect(panel.getByText("The file could not be added. Please try again.")).toBeVisible();
    await lost.restore();

    await panel.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("“plan.pdf” was added.")).toBeVisible();
    await expect(panel.getByRole("link", { name: "plan.pdf" })).toHaveCount(1);
    expect(await db.document.count({ where: { sessionId: w.session.id } })).toBe(1);
  });

  test("in French, the client's session page names adding a file and sending a message apart", async ({ page }) => {
    const w = await makeClinicWorld();
    await db.client.update({ where: { id: w.client.id }, data: { language: "FR" } });
    await signIn(page, w.client.username, w.client.password);
    await page.goto(`/homework/sessions/${w.session.id}`);
    const panel = page.getByRole("region", { name: "Documents" });
    await expect(panel.getByRole("button", { name: "Ajouter le fichier" })).toBeVisible();
    await expect(panel).toContainText("partagés avec votre équipe de soins");
    await expect(page.getByRole("button", { name: "Envoyer", exact: true })).toHaveCount(1);
    // The picker speaks the client's language, not the browser's ("Choose File", "No file chosen").
    await expect(panel.getByText("Choisir un fichier", { exact: true })).toBeVisible();
    await expect(panel.getByText("Aucun fichier choisi", { exact: true })).toBeVisible();
    await panel.getByLabel("Fichier").setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(panel.getByText("plan.pdf", { exact: true })).toBeVisible();
    // A screen reader on the hidden input hears which file it holds, as the browser's own said.
    await expect(panel.getByLabel("Fichier")).toHaveAccessibleDescription(/plan\.pdf$/);
    await expect(panel.getByText("Aucun fichier choisi", { exact: true })).toHaveCount(0);
    await expect(panel).not.toContainText(/Choose|No file/);
    await accessible(page, "a French client's documents panel", { asIs: true });
  });

  test("a file dropped on the picker is the one uploaded", async ({ page }) => {
    const w = await makeClinicWorld();
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    const panel = page.getByRole("region", { name: "Documents" });
    const dropped = await page.evaluateHandle((latin1) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], "dropped.pdf", { type: "application/pdf" }));
      return data;
    }, PDF.toString("latin1"));
    const drop = panel.getByTestId("document-drop");
    // While a file is held over the picker, the picker says that letting go chooses it.
    await drop.dispatchEvent("dragenter", { dataTransfer: dropped });
    await expect(panel.getByText("Drop the file here to choose it.", { exact: true })).toBeVisible();
    await drop.dispatchEvent("dragleave", { dataTransfer: dropped });
    await expect(panel.getByText("No file chosen", { exact: true })).toBeVisible();
    await drop.dispatchEvent("dragenter", { dataTransfer: dropped });
    await drop.dispatchEvent("drop", { dataTransfer: dropped });
    await expect(panel.getByText("Drop the file here to choose it.", { exact: true })).toHaveCount(0);
    await expect(panel.getByText("dropped.pdf", { exact: true })).toBeVisible();
    await panel.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("“dropped.pdf” was added.")).toBeVisible();
    await expect(panel.getByRole("link", { name: "dropped.pdf" })).toBeVisible();
  });

  test("a closed session lists its documents and offers no upload", async ({ page }) => {
    const w = await makeClinicWorld();
    await db.session.update({ where: { id: w.session.id }, data: { closedAt: new Date() } });
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    const panel = page.getByRole("region", { name: "Documents" });
    await expect(panel.getByText("This session is closed; no more documents can be added.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Upload" })).toHaveCount(0);
  });
});
