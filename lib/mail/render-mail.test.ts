import { describe, expect, it } from "vitest";
import { renderMail } from "./render-mail";

describe("renderMail", () => {
  it("says each count of the digest in the caregiver's language", () => {
    const params = { waiting: 3, alerts: 1, toReview: 2, path: "/caregiver" };
    expect(renderMail("digest", "EN", params, "https://care.test/caregiver", null).text).toContain(
      "3 homework are waiting for your feedback, 1 with an alert. 2 urgent alerts are waiting for your review.",
    );
    expect(renderMail("digest", "FR", params, "https://care.test/caregiver", null).text).toContain(
      "3 devoirs attendent votre rétroaction, dont 1 avec une alerte. 2 alertes urgentes attendent que vous les examiniez.",
    );
  });

  it("still renders a digest queued before it counted the alerts to review", () => {
    const mail = renderMail("digest", "EN", { waiting: 1, alerts: 0, path: "/caregiver" }, "https://care.test", null);
    expect(mail.text.split("\n")[0]).toBe("1 homework is waiting for your feedback.");
  });
});
