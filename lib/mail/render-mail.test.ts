import { describe, expect, it } from "vitest";
import { renderMail } from "./render-mail";

describe("renderMail", () => {
  it("says each count of the digest in the caregiver's language", () => {
    const params = { waiting: 3, alerts: 1, toReview: 2, path: "/caregiver" };
    expect(renderMail("digest", "EN", params, "https://care.test/caregiver", null).text).toContain(
      "3 assignments are waiting for your feedback, 1 with an alert. 2 urgent alerts are waiting for your review.",
    );
    expect(renderMail("digest", "FR", params, "https://care.test/caregiver", null).text).toContain(
      "3 devoirs attendent votre rétroaction, dont 1 avec une alerte. 2 alertes urgentes attendent que vous les examiniez.",
    );
  });

  it("words the invitation for its plain text too, which has a link and no button", () => {
    for (const language of ["EN", "FR"] as const) {
      const mail = renderMail("invitation", language, {}, "https://care.test/invite/t", null);
      expect(mail.text).not.toMatch(/button|bouton/i);
      expect(mail.text).toMatch(language === "EN" ? /the link below/ : /le lien ci-dessous/);
    }
  });

  it("has a footer true of every reader, the care team and the clinic's staff as well as the client", () => {
    for (const language of ["EN", "FR"] as const) {
      const mail = renderMail(
        "escalation",
        language,
        { state: "submitted", reason: "unreviewed" },
        "https://care.test",
        null,
      );
      expect(mail.text).not.toMatch(/your care|vos soins/);
      expect(mail.text).toMatch(language === "EN" ? /never contains health details/ : /jamais de données de santé/);
    }
  });

  it("puts French's space before the colon of a link's line, and English's none", () => {
    const fr = renderMail("invitation", "FR", {}, "https://care.test/invite/x", "https://care.test/settings").text;
    expect(fr).toContain("\u00a0: https://care.test/invite/x");
    expect(fr).toContain("\u00a0: https://care.test/settings");
    expect(fr).not.toMatch(/\S: https/);
    const en = renderMail("invitation", "EN", {}, "https://care.test/invite/x", "https://care.test/settings").text;
    expect(en).toMatch(/\S: https:\/\/care\.test\/invite\/x/);
  });

  it("still renders a digest queued before it counted the alerts to review", () => {
    const mail = renderMail("digest", "EN", { waiting: 1, alerts: 0, path: "/caregiver" }, "https://care.test", null);
    expect(mail.text.split("\n")[0]).toBe("1 assignment is waiting for your feedback.");
  });
});
