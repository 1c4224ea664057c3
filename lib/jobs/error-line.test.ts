import { describe, expect, it } from "vitest";
import { errorLine } from "./error-line";

describe("errorLine", () => {
  it("keeps why a job failed and drops whom it was for and the stack", () => {
    const refused =
      "Failed task 42 (send-email) with error Can't send mail - all recipients were rejected: 550 5.1.1 <alex.client@example.test>: Recipient unknown (12ms)\n    at SMTPConnection._formatError (node_modules/nodemailer/lib/smtp-connection/index.js:1:1)";
    const line = errorLine(refused);
    expect(line).not.toContain("alex.client@example.test");
    expect(line).not.toContain("\n");
    expect(line).toContain("<address>");
    expect(line).toContain("all recipients were rejected");
    expect(line.length).toBeLessThanOrEqual(160);
  });
});
