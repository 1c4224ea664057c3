import { describe, expect, it } from "vitest";
import { isSiteImageFile } from "./site-image";

describe("isSiteImageFile", () => {
  it("takes an image file of this site", () => {
    for (const src of ["/mark.svg", "/favicon.ico", "/images/breathing-2.PNG", "/_next/static/media/a.b.webp"])
      expect(isSiteImageFile(src), src).toBe(true);
  });

  it("refuses an operation, a page, a query and what a browser resolves elsewhere", () => {
    for (const src of [
      "/gateway/profile/session/8/message?order=newest&size=1",
      "/gateway/profile/clinic/client/7/image",
      "/gateway/x.png",
      "/api/auth/signout.png",
      "/client/7",
      "/mark.svg?x=1",
      "/a/../gateway/profile/clinic/client/7/image.png",
      "/./gateway/x.png",
      "//evil.example/x.png",
      "/\\evil.example/x.png",
      "/%2e%2e/gateway/x.png",
      "https://example.org/x.png",
    ])
      expect(isSiteImageFile(src), src).toBe(false);
  });
});
