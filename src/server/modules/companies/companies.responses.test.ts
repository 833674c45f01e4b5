import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListClientsResponse } from "../../../shared/clients";
import {
  ZAcceptInvitationResponse,
  ZGetCompanyResponse,
  ZInviteMemberResponse,
  ZUpdateHourlyValueResponse,
} from "../../../shared/companies";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let owner: Caller;
const tokenFor = async (email: string) =>
  (await t.outbox(email)).find((m) => m.kind === "company-invitation")!.text.match(/token=([\w-]+)/)![1]!;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  owner = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

test("the company endpoints answer what their response schemas describe", async () => {
  await expectBody(
    as(owner, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 4500 } }),
    200,
    ZUpdateHourlyValueResponse,
  );
  await expectBody(
    as(owner, "/api/company/invitations", { json: { email: "joe@acme.test" } }),
    201,
    ZInviteMemberResponse,
  );
  await expectBody(
    as(staff, `/api/staff/companies/${owner.companyId}/invitations`, { json: { email: "eve@acme.test" } }),
    201,
    ZInviteMemberResponse,
  );
  const ownerView = await expectBody(as(owner, "/api/company"), 200, ZGetCompanyResponse);
  expect(ownerView.invitations).toHaveLength(2);

  const joe = await givenClient(t, "joe@acme.test");
  const token = await tokenFor("joe@acme.test");
  await expectBody(as(joe, "/api/company/invitations/accept", { json: { token } }), 200, ZAcceptInvitationResponse);
  const memberView = await expectBody(as(joe, "/api/company"), 200, ZGetCompanyResponse);
  expect(memberView).toMatchObject({ role: "member", invitations: [] });
  expect(memberView.members).toHaveLength(2);

  await expectBody(as(staff, "/api/staff/companies"), 200, ZListClientsResponse);
  const used = await expectError(as(joe, "/api/company/invitations/accept", { json: { token } }), 410);
  expect(used).toMatchObject({ code: "GONE", reason: "used" });
  await expectError(as(joe, "/api/company", { method: "PATCH", json: { hourlyValueMinor: 1 } }), 403);
  await expectError(as(staff, "/api/company"), 404);
});
