import {
  test as base,
  expect,
  type APIResponse,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { scriptClient } from "@/scripts/lib/script-client";
import { STORY, buildPeople, buildWorld } from "./world";

export const db = scriptClient(process.env.E2E_DATABASE_URL);
export const idpIssuer = process.env.E2E_IDP_ISSUER!;

/** The one builder's people (names a person reads), their institute registered with the web sign-in's IdP. */
export const makePeople = () => buildPeople(db, { cast: STORY, idpIssuer });

/** makePeople plus a client, a design plan, two books and a running session with homework in every state. */
export const makeClinicWorld = () => buildWorld(db, { cast: STORY, idpIssuer });

/** Gives a person an account at the identity provider (their organisation's sign-in). */
export async function addIdpAccount(p: {
  username: string;
  email: string;
  name: string;
  password: string;
  email_verified?: "false";
}) {
  await fetch(`${idpIssuer}/test/accounts`, {
    method: "POST",
    body: new URLSearchParams({ ...p, username: `idp-${p.username}` }),
  });
}

/** Signs in through next-auth's credentials endpoint; the session cookie lands in the page's context. */
export async function signIn(page: Page, username: string, password: string) {
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  const r = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, username, password, json: "true", callbackUrl: "/" },
  });
  expect(r.ok()).toBeTruthy();
}

/**
 * From now on the server gets the page's writes to `url` (any method but GET and HEAD: reads of the
 * same address go through) and acts on them, but their answers never reach the browser (a dropped
 * connection): a lost answer. Gives the answers the server sent, and `restore` to let the next ones
 * through.
 */
export async function loseAnswers(page: Page, url: string) {
  const answers: APIResponse[] = [];
  await page.route(url, async (route) => {
    if (["GET", "HEAD"].includes(route.request().method())) return route.fallback();
    answers.push(await route.fetch());
    await route.abort("connectionreset");
  });
  return { answers, restore: () => page.unroute(url) };
}

/**
 * Another person's page beside the test's own: a browser context of its own (its own cookies, and
 * any options such as a time zone), signed in as `who`. Every one made is closed when the test ends.
 */
type SignedIn = (who: { username: string; password: string }, options?: BrowserContextOptions) => Promise<Page>;

export const test = base.extend<{ signedIn: SignedIn }>({
  baseURL: async ({}, provide) => provide(process.env.E2E_BASE_URL),
  signedIn: async ({ browser, baseURL }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (who, options = {}) => {
      const context = await browser.newContext({ baseURL, ...options });
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, who.username, who.password);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});
export { expect };
