import { afterAll, beforeAll, expect, test } from "vitest";
import { CONTACT_RATE_LIMIT, ZSendContactResponse } from "../../../shared/contact";
import { ZHealthResponse } from "../../../shared/health";
import { ZListPlansResponse } from "../../../shared/pricing";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

const message = {
  name: "Dana",
  email: "dana@example.com",
  message: "Our invoices are typed by hand from the CRM every Friday.",
};

test("the public endpoints answer what their response schemas describe", async () => {
  await expectBody(t.request("/api/health"), 200, ZHealthResponse);
  const { plans } = await expectBody(t.request("/api/plans"), 200, ZListPlansResponse);
  expect(plans.length).toBeGreaterThan(0);

  const ip = t.newIp();
  for (let sent = 0; sent < CONTACT_RATE_LIMIT.max; sent++)
    await expectBody(t.request("/api/contact", { json: message, ip }), 201, ZSendContactResponse);
  const limited = await expectError(t.request("/api/contact", { json: message, ip }), 429);
  expect(limited.retryAfter).toBeGreaterThan(0);
  const invalid = await expectError(
    t.request("/api/contact", {
      json: { ...message, email: "nope" },
      ip: t.newIp(),
    }),
    400,
  );
  expect(invalid.fields).toHaveProperty("email");
  await expectError(t.request("/api/nowhere"), 404);
});
