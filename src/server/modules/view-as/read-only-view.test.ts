import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { readOnlyMessage } from "../../../shared/view-as";
import { user } from "../../db/schema/auth";
import { automation, ingestKey } from "../../db/schema/automations";
import { company, companyInvitation } from "../../db/schema/companies";
import { signInAgain } from "../../test/fixtures";
import { as } from "../../test/given";
import { expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { viewAsWorld } from "./view-as-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let w: Awaited<ReturnType<typeof viewAsWorld>>;

beforeAll(async () => {
  t = await createTestRuntime();
  w = await viewAsWorld(t);
  await w.startView(w.staff, w.ann.companyId!);
}, 240_000);
afterAll(() => t.close());

const MESSAGE = readOnlyMessage("Acme Ltd");
const acmeAutomations = () => `/api/staff/companies/${w.ann.companyId}/automations`;

test("every state-changing request of a viewing session is refused with 403, whatever the endpoint", async () => {
  expect(MESSAGE).toBe("Read only: you are viewing Acme Ltd as its client. Exit to make changes.");
  const writes: [string, string, unknown?][] = [
    ["POST", `/api/automations/${w.acme.id}/problem-reports`, { message: "Something broke." }],
    ["PATCH", "/api/company", { hourlyValueMinor: 9900 }],
    ["POST", "/api/company/invitations", { email: "eve@acme.test" }],
    ["POST", `${acmeAutomations()}`, { name: "Sneaky", platform: "n8n" }],
    ["PATCH", `${acmeAutomations()}/${w.acme.id}`, { name: "Renamed while viewing" }],
    ["DELETE", `${acmeAutomations()}/${w.acme.id}/keys/${w.acme.keyId}`],
    ["POST", `/api/staff/users/${w.ann.userId}/ban`, { reason: "Testing" }],
    ["PATCH", `/api/staff/companies/${w.bob.companyId}`, { name: "Renamed while viewing" }],
    ["DELETE", `/api/staff/companies/${w.ann.companyId}/members/${w.ann.userId}`],
    ["POST", `/api/staff/companies/${w.bob.companyId}/view-as`],
    ["POST", "/api/staff/companies", { name: "Made while viewing" }],
    ["PUT", "/api/company", { hourlyValueMinor: 1 }],
    ["POST", "/api/auth/update-user", { name: "Changed while viewing" }],
    ["POST", "/api/auth/revoke-other-sessions", {}],
    ["POST", "/api/contact", { name: "Sam", email: "sam@agency.test", message: "Hello from the view." }],
  ];
  for (const [method, path, body] of writes) {
    const refused = await expectError(as(w.staff, path, { method: method, json: body }), 403);
    expect(refused, `${method} ${path}`).toMatchObject({
      message: MESSAGE,
      code: "FORBIDDEN",
      reason: "read-only-view",
    });
  }
  const [acme] = await t.db.select().from(company).where(eq(company.id, w.ann.companyId!));
  expect(acme?.hourlyValueMinor).toBe(5000);
  expect((await t.db.select().from(automation).where(eq(automation.id, w.acme.id)))[0]?.name).toBe("Acme invoices");
  expect((await t.db.select().from(ingestKey).where(eq(ingestKey.id, w.acme.keyId)))[0]?.revokedAt).toBeNull();
  expect(await t.db.select().from(companyInvitation)).toEqual([]);
  expect((await t.db.select().from(user).where(eq(user.id, w.ann.userId)))[0]?.banned).toBeFalsy();
  expect((await t.db.select().from(user).where(eq(user.id, w.staff.userId)))[0]?.name).toBe("sam");
  expect((await w.viewsOf(w.staff.userId))[0]?.companyId).toBe(w.ann.companyId);
});

test("reads still work, and the client's own writes are untouched", async () => {
  expect((await as(w.staff, "/api/staff/users")).status).toBe(200);
  expect((await as(w.ann, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 5500 } })).status).toBe(200);
});

test("ending the view, the session-timeout report and signing out are allowed", async () => {
  expect((await w.endView(w.staff)).status).toBe(200);
  expect(
    (await as(w.staff, `${acmeAutomations()}/${w.acme.id}`, { method: "PATCH", json: { name: "Acme invoices" } }))
      .status,
  ).toBe(200);

  await w.startView(w.staff, w.ann.companyId!);
  const report = await as(w.staff, "/api/me/security/session-timeout", { method: "POST", json: {} });
  expect(report.status).toBe(200);
  expect(await w.viewsOf(w.staff.userId)).toEqual([]);
});

test("signing out is allowed while viewing", async () => {
  const viewer = { ...w.staff, cookie: await signInAgain(t, w.staff) };
  await w.startView(viewer, w.ann.companyId!);
  expect((await as(viewer, `${acmeAutomations()}/${w.acme.id}/keys`, { method: "POST" })).status).toBe(403);
  const out = await as(viewer, "/api/auth/sign-out", { method: "POST", json: {} });
  expect(out.status).toBe(200);
  expect((await as(viewer, "/api/me")).status).toBe(401);
});
