// Found by the review as an attacker on the pages (2026-12-06). A module's image block may name a
// path on this site, and the page loaded whatever it named with the reader's own sign-in: an image
// naming a gateway operation or a page made every client or care provider who opened the module
// read it, so a module could mark their conversations read (their unread messages and notice
// emails gone) or write audit rows in their name. Only a file of this site with an image's name is
// loaded; anything else is a link the person may follow or not.
import { makeBook, makeSession } from "@/prisma/factories";
import { db, expect, makePeople, signIn, test } from "../support/fixtures";

test.describe("a module's images", () => {
  test("load only an image file of this site, never an operation or a page, with the reader's sign-in", async ({
    page,
  }) => {
    const people = await makePeople();
    const { clinic, client, carer, u } = people;
    const talk = await makeSession(db, {
      clinicId: clinic.id,
      clientId: client.id,
      caregiverId: carer.id,
      title: `Talk ${u}`,
      startAt: new Date(Date.now() - 3600_000),
    });
    const carerAccount = await db.account.findFirstOrThrow({ where: { caregiverId: carer.id }, select: { id: true } });
    await db.message.create({ data: { sessionId: talk.id, authorAccountId: carerAccount.id, text: "Call me today" } });
    const forged = `/gateway/profile/session/${talk.id}/message?order=newest&size=1`;
    const book = await makeBook(db, {
      clinicId: clinic.id,
      name: `Pictures ${u}`,
      modules: [
        {
          name: `Pictures ${u}`,
          definition: {
            blocks: [
              { type: "image", src: forged, alt: { en: "A forged picture" } },
              { type: "image", src: "/mark.svg", alt: { en: "The platform's mark" } },
            ],
          },
        },
      ],
    });
    const pictures = book.modules[0]!;
    const homework = await makeSession(db, {
      clinicId: clinic.id,
      clientId: client.id,
      caregiverId: carer.id,
      title: `Homework ${u}`,
      startAt: new Date(Date.now() - 3600_000),
      assignments: [{ bookId: book.id, moduleId: pictures.id }],
    });
    const gatewayLoads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/gateway/profile/session/")) gatewayLoads.push(r.url());
    });

    await signIn(page, client.username, client.password);
    await page.goto(`/homework/${String(homework.assignmentIds[0])}`);
    await expect(page.getByRole("img", { name: "The platform's mark" })).toBeVisible();
    await expect(page.getByRole("link", { name: /A forged picture/ })).toBeVisible();
    await page.waitForLoadState("networkidle");

    expect(gatewayLoads).toEqual([]);
    const clientAccount = await db.account.findFirstOrThrow({ where: { clientId: client.id }, select: { id: true } });
    expect(await db.messageRead.count({ where: { sessionId: talk.id, accountId: clientAccount.id } })).toBe(0);
  });
});
