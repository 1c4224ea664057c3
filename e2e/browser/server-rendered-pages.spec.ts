import type { Page, Request } from "@playwright/test";
import { db, expect, makeClinicWorld, signIn, test } from "../support/fixtures";

// The pages' first data comes with their HTML (lib/pages/prefetch.ts): a person on a slow phone
// reads the session or the client list before any JavaScript has run, and the page does not ask
// the gateway again for what it already shows.

test.describe("pages rendered with their data", () => {
  test("without JavaScript the session dashboard and the client list already show their content", async ({
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const page = await signedIn(w.carer, { javaScriptEnabled: false });
    const context = page.context();
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${w.client.name}: ${w.session.title}`);
    await expect(page.getByTestId("progress-text")).toHaveText("2 of 4 assignments completed · 2 pending");
    const assignments = page.getByRole("table", { name: "Assignments of the session" });
    await expect(assignments.getByRole("cell", { name: "Self-test", exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Scores of the session" })).toContainText("Self-test: 12");
    await expect(page.getByText(/Last score/)).toHaveCount(0);

    await context.clearCookies();
    await signIn(page, w.staff.username, w.staff.password);
    await page.goto("/clinic");
    await expect(page.getByRole("table", { name: "Clients of the clinic" }).getByRole("link")).toHaveText([
      w.client.name,
    ]);
    await page.goto(`/client/${w.client.id}`);
    await expect(page.getByRole("heading", { level: 1, name: w.client.name })).toBeVisible();
    await expect(page.getByRole("link", { name: w.session.title })).toBeVisible();
  });

  test("the session dashboard asks the gateway for nothing it already shows", async ({ page }) => {
    const w = await makeClinicWorld();
    // A conversation with a message, so that its poll has a last message to ask after: an empty
    // one's poll (every 5 s, seen on a slow host) rightly asks for every message, which is none.
    const client = await db.account.findFirstOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
    await db.message.create({ data: { sessionId: w.session.id, authorAccountId: client.id, text: `Hello ${w.u}` } });
    await signIn(page, w.carer.username, w.carer.password);
    const reads = gatewayReads(page);
    await page.goto(`/caregiver/sessions/${w.session.id}`);
    await expect(page.getByTestId("progress-text")).toHaveText("2 of 4 assignments completed · 2 pending");
    // A click that only works once the page's JavaScript runs: the page is hydrated, its queries mounted.
    await page.getByRole("button", { name: "Open Self-test" }).click();
    const panel = page.getByRole("region", { name: "Self-test" });
    await expect(panel).toBeVisible();
    // Its answers and score are there at once, from the page's own data: nothing is loading.
    await expect(panel.getByRole("status")).toHaveCount(0);
    await page.waitForLoadState("networkidle");

    const base = `/gateway/profile/caregiver/session/${w.session.id}`;
    expect(reads.filter((r) => r === base || r.startsWith(`${base}?`))).toEqual([]);
    expect(reads.filter((r) => r.startsWith(`${base}/assignment-timing`))).toEqual([]);
    expect(reads.filter((r) => /\/caregiver\/assignment\/\d+\/result/.test(r))).toEqual([]);
    expect(reads.filter((r) => r.startsWith(`/gateway/profile/session/${w.session.id}/document`))).toEqual([]);
    // The conversation is polled for what comes after its last message, never read again in full.
    expect(reads.filter((r) => r.includes("/message") && !r.includes("after="))).toEqual([]);
  });

  test("without JavaScript the client's session page shows its title, its conversation and its documents", async ({
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const { carerMessage, document } = await conversationWithDocument(w);
    const page = await signedIn(w.client, { javaScriptEnabled: false });
    await page.goto(`/homework/sessions/${w.session.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(w.session.title);
    await expect(page.getByText(carerMessage)).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(document) })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
  });

  test("the client's session page asks the gateway for nothing it already shows, and its message box stays where it was", async ({
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    const { carerMessage } = await conversationWithDocument(w);
    const page = await signedIn(w.client);
    const reads = gatewayReads(page);
    await page.goto(`/homework/sessions/${w.session.id}`);
    // As the page arrives, not once a read has come: the message and the box under it are there.
    const send = page.getByRole("button", { name: "Send" });
    expect(await page.getByText(carerMessage).count()).toBe(1);
    expect(await send.count()).toBe(1);
    const at = await send.boundingBox();
    await page.waitForLoadState("networkidle");
    expect(await send.boundingBox()).toEqual(at);
    // Read on the server, the message is read: the header counts nothing unread.
    await expect(page.getByText(/unread message/)).toHaveCount(0);

    expect(reads.filter((r) => r.startsWith("/gateway/profile/conversation?"))).toEqual([]);
    expect(reads.filter((r) => r === "/gateway/profile/conversation/unread")).toEqual([]);
    expect(reads.filter((r) => r.startsWith(`/gateway/profile/session/${w.session.id}/document`))).toEqual([]);
    expect(reads.filter((r) => r.includes("/message") && !r.includes("after="))).toEqual([]);
  });
});

test.describe("the caregiver's home rendered with its lists", () => {
  test("without JavaScript it shows the running sessions, the feedback due and the unread messages", async ({
    signedIn,
  }) => {
    const w = await makeClinicWorld();
    await messageFromClient(w);
    const page = await signedIn(w.carer, { javaScriptEnabled: false });
    await page.goto("/caregiver");
    const sessions = page.getByRole("region", { name: "My sessions" });
    await expect(sessions.getByRole("link", { name: `${w.client.name}: ${w.session.title}` })).toBeVisible();
    const due = page.getByRole("region", { name: /Feedback due/ });
    await expect(due.getByRole("heading")).toHaveText("Feedback due (1)");
    const unread = page.getByRole("region", { name: /Unread messages/ });
    await expect(unread.getByTestId("unread-conversation")).toHaveCount(1);
    await expect(unread.getByTestId("unread-conversation")).toContainText(`${w.client.name}: ${w.session.title}`);
    await expect(page.getByRole("region", { name: "Alerts to review" })).toBeVisible();
  });

  test("it asks the gateway for none of its lists once its JavaScript runs", async ({ page }) => {
    const w = await makeClinicWorld();
    await messageFromClient(w);
    await signIn(page, w.carer.username, w.carer.password);
    const reads = gatewayReads(page);
    await page.goto("/caregiver");
    await expect(page.getByRole("region", { name: /Feedback due/ }).getByRole("heading")).toHaveText(
      "Feedback due (1)",
    );
    // Hydrated: the status filter answers.
    await page.getByLabel("Status").selectOption("");
    const sessions = page.getByRole("region", { name: "My sessions" });
    await expect(sessions.getByRole("link", { name: `${w.client.name}: ${w.session.title}` })).toBeVisible();
    await page.waitForLoadState("networkidle");
    const first = reads.filter((r) => !r.startsWith("/gateway/profile/caregiver/session?page=0&size=10&"));
    expect(first.filter((r) => r.startsWith("/gateway/profile/caregiver/assignment?"))).toEqual([]);
    expect(first.filter((r) => r.startsWith("/gateway/profile/caregiver/alert?"))).toEqual([]);
    expect(first.filter((r) => r.startsWith("/gateway/profile/conversation?"))).toEqual([]);
    // The running sessions came with the page; "All" is read when chosen.
    expect(reads.filter((r) => r.includes("runningStatus=RUNNING"))).toEqual([]);
  });

  test("opened again by its link once the lists it holds are out of date, it shows the server's and reads none of them again", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const w = await makeClinicWorld();
    await messageFromClient(w);
    await signIn(page, w.carer.username, w.carer.password);
    await page.goto("/caregiver");
    const sessions = page.getByRole("region", { name: "My sessions" });
    await sessions.getByRole("link", { name: `${w.client.name}: ${w.session.title}` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(w.session.title);
    // The query client keeps the home's lists for 5 minutes and holds them fresh for 10 s
    // (app/providers.tsx): past that, a list shown again is read again unless newer data came.
    await new Promise((r) => setTimeout(r, 10_500));
    // The dashboard's poll would read the new messages below (and mark them read): held from here.
    await page.route(new RegExp(`/gateway/profile/session/${String(w.session.id)}/message\\?`), () => {});
    // Newer than what the browser holds (the first message, read on the dashboard): two more.
    const first = await db.message.findFirstOrThrow({ where: { sessionId: w.session.id } });
    for (const text of [`And one more ${w.u}`, `And another ${w.u}`])
      await db.message.create({ data: { sessionId: w.session.id, authorAccountId: first.authorAccountId, text } });
    const reads = gatewayReads(page);
    await page.getByRole("navigation").getByRole("link", { name: "My sessions" }).click();
    await expect(page.getByRole("region", { name: /Unread messages/ }).getByTestId("unread-badge")).toHaveText(
      "22 unread messages",
    );
    await expect(page.getByRole("region", { name: /Feedback due/ }).getByRole("heading")).toHaveText(
      "Feedback due (1)",
    );
    // A read again would start as the page's queries mount: given a moment to show.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(reads.filter((r) => r.startsWith("/gateway/profile/caregiver/session?"))).toEqual([]);
    expect(reads.filter((r) => r.startsWith("/gateway/profile/caregiver/assignment?"))).toEqual([]);
    expect(reads.filter((r) => r.startsWith("/gateway/profile/caregiver/alert?"))).toEqual([]);
    expect(reads.filter((r) => r.startsWith("/gateway/profile/conversation"))).toEqual([]);
  });
});

/** The page's reads of the gateway from now on, each as its path and query string. */
function gatewayReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (r: Request) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname.startsWith("/gateway/")) reads.push(url.pathname + url.search);
  });
  return reads;
}

/** A message of the client in the world's session, unread by the care provider. */
async function messageFromClient(w: Awaited<ReturnType<typeof makeClinicWorld>>) {
  const client = await db.account.findFirstOrThrow({ where: { clientId: w.client.id }, select: { id: true } });
  await db.message.create({
    data: { sessionId: w.session.id, authorAccountId: client.id, text: `Can we talk ${w.u}` },
  });
}

/** A message of the care provider, unread by the client, and a document in the world's session. */
async function conversationWithDocument(w: Awaited<ReturnType<typeof makeClinicWorld>>) {
  const carer = await db.account.findFirstOrThrow({ where: { caregiverId: w.carer.id }, select: { id: true } });
  const carerMessage = `See you on Monday ${w.u}`;
  await db.message.create({ data: { sessionId: w.session.id, authorAccountId: carer.id, text: carerMessage } });
  const document = `worksheet-${w.u}.pdf`;
  const data = new TextEncoder().encode("%PDF-1.4 a worksheet");
  await db.document.create({
    data: {
      sessionId: w.session.id,
      name: document,
      contentType: "application/pdf",
      size: data.length,
      data,
      uploadedByAccountId: carer.id,
    },
  });
  return { carerMessage, document };
}
