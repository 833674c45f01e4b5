import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListClientsResponse } from "../../../shared/clients";
import {
  ZAcceptInvitationResponse,
  ZGetCompanyResponse,
  ZInviteMemberResponse,
  ZUpdateHourlyValueResponse,
} from "../../../shared/companies";
import { signUpClient, signUpStaff, type SignedIn } from "../../test/fixtures";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: SignedIn;
let owner: SignedIn;
const as = (who: SignedIn) => ({ headers: { cookie: who.cookie } });
const tokenFor = async (email: string) =>
  (await t.outbox(email)).find((m) => m.kind === "company-invitation")!.text.match(/token=([\w-]+)/)![1]!;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await signUpStaff(t, "ops@agency.test");
  owner = await signUpClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

test("the company endpoints answer what their response schemas describe", async () => {
  await expectBody(
    t.request("/api/company", {
      ...as(owner),
      method: "PATCH",
      json: { hourlyValueMinor: 4500 },
    }),
    200,
    ZUpdateHourlyValueResponse,
  );
  await expectBody(
    t.request("/api/company/invitations", {
      ...as(owner),
      json: { email: "joe@acme.test" },
    }),
    201,
    ZInviteMemberResponse,
  );
  await expectBody(
    t.request(`/api/staff/companies/${owner.companyId}/invitations`, {
      ...as(staff),
      json: { email: "eve@acme.test" },
    }),
    201,
    ZInviteMemberResponse,
  );
  const ownerView = await expectBody(t.request("/api/company", as(owner)), 200, ZGetCompanyResponse);
  expect(ownerView.invitations).toHaveLength(2);

  const joe = await signUpClient(t, "joe@acme.test");
  const token = await tokenFor("joe@acme.test");
  await expectBody(
    t.request("/api/company/invitations/accept", {
      ...as(joe),
      json: { token },
    }),
    200,
    ZAcceptInvitationResponse,
  );
  const memberView = await expectBody(t.request("/api/company", as(joe)), 200, ZGetCompanyResponse);
  expect(memberView).toMatchObject({ role: "member", invitations: [] });
  expect(memberView.members).toHaveLength(2);

  await expectBody(t.request("/api/staff/companies", as(staff)), 200, ZListClientsResponse);
  const used = await expectError(
    t.request("/api/company/invitations/accept", {
      ...as(joe),
      json: { token },
    }),
    410,
  );
  expect(used).toMatchObject({ code: "GONE", reason: "used" });
  await expectError(
    t.request("/api/company", {
      ...as(joe),
      method: "PATCH",
      json: { hourlyValueMinor: 1 },
    }),
    403,
  );
  await expectError(t.request("/api/company", as(staff)), 404);
});
