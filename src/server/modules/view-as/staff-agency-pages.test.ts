import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { STAFF_EQUIVALENTS } from "../../../shared/routes";
import { as } from "../../test/given";
import { expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { viewAsWorld } from "./view-as-test-kit";

vi.setConfig({ testTimeout: 120_000 });

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-agency-pages-"));
fs.writeFileSync(path.join(webRoot, "index.html"), '<div id="root"></div>');

let t: TestRuntime;
let w: Awaited<ReturnType<typeof viewAsWorld>>;

beforeAll(async () => {
  t = await createTestRuntime({}, { webRoot });
  w = await viewAsWorld(t);
}, 240_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const ITEM = "0b7e1d7c-4c1e-4a8e-9a53-3f0f6a4b2c11";
const CLIENT_PAGES: [string, string][] = [
  ["/secure-dashboard", "/admin"],
  ["/automation-plan", "/admin/plan"],
  [`/automation-plan/${ITEM}`, `/admin/plan/${ITEM}`],
  ["/my-automations", "/admin/automations?kind=all"],
  ["/billing", "/admin/invoices"],
  ["/support/", "/admin/tickets"],
  ["/reports", "/clients"],
];

test("every client page with an agency equivalent is listed, and the list is the ADR's", () => {
  expect(Object.keys(STAFF_EQUIVALENTS).sort()).toEqual(
    [
      "/secure-dashboard",
      "/automation-plan",
      "/automation-plan/:id",
      "/my-automations",
      "/billing",
      "/support",
      "/reports",
      "/reports/:month",
    ].sort(),
  );
});

test("a client's own pages send staff to the agency's; clients, and staff viewing a client, get the pages", async () => {
  for (const [page, agency] of CLIENT_PAGES) {
    const staff = await as(w.staff, page);
    expect(staff.status, page).toBe(302);
    expect(staff.headers.get("location"), page).toBe(agency);
    expect(staff.headers.get("cache-control"), page).toBe("no-store");
    expect((await as(w.ann, page)).status, page).toBe(200);
    // Signed out: the app's guard asks to sign in.
    expect((await t.request(page)).status, page).toBe(200);
  }
  // The shared detail pages and the agency's own stay where they are.
  for (const page of [`/my-automations/${w.acme.id}`, `/support/${ITEM}`, `/billing/invoices/${ITEM}`, "/admin"]) {
    expect((await as(w.staff, page)).status, page).toBe(200);
  }

  expect((await w.startView(w.staff, w.ann.companyId!)).status).toBe(200);
  for (const [page] of CLIENT_PAGES) expect((await as(w.staff, page)).status, page).toBe(200);
  expect((await w.endView(w.staff)).status).toBe(200);
  expect((await as(w.staff, "/billing")).headers.get("location")).toBe("/admin/invoices");
});

test("the client home's data refuses staff outside a view, as billing does, and answers while they view", async () => {
  const refused = await expectError(as(w.staff, "/api/dashboard"), 404);
  expect(refused.message).toMatch(/agency's is at \/admin/);
  await expectError(as(w.staff, "/api/billing"), 404);
  expect((await as(w.ann, "/api/dashboard")).status).toBe(200);

  expect((await w.startView(w.staff, w.ann.companyId!)).status).toBe(200);
  expect((await as(w.staff, "/api/dashboard")).status).toBe(200);
  expect((await w.endView(w.staff)).status).toBe(200);
  await expectError(as(w.staff, "/api/dashboard"), 404);
});
