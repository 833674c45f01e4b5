import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZGetCompanyResponse, ZUpdateSecondFactorPolicyResponse } from "../../../shared/companies";
import { ZGetMeResponse } from "../../../shared/me";
import { auditLog } from "../../db/schema/audit";
import { company } from "../../db/schema/companies";
import { declaredEndpoints } from "../../http/declared-endpoints";
import { enrolAuthenticator } from "../../test/fixtures";
import { givenCompany, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { OWNER_NEEDS_SECOND_FACTOR } from "./second-factor-policy.service";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

const setPolicy = (who: Caller, required: boolean) =>
  who.request("/api/company/second-factor-policy", { method: "PUT", json: { required } });

const policyOf = async (companyId: string) =>
  (await t.db.select().from(company).where(eq(company.id, companyId)))[0]?.requireSecondFactor;

/** A caller whose session has passed the authenticator app set up through the API. */
const withApp = async (who: Caller): Promise<Caller> => ({ ...who, cookie: (await enrolAuthenticator(t, who)).cookie });

describe("the owner's switch", () => {
  test("only the owner turns it on, and only once their own session has passed a second factor", async () => {
    const acme = await givenCompany(t, {
      name: "Policy Acme",
      owner: "owner@policy-acme.test",
      members: ["bob@policy-acme.test", "cat@policy-acme.test"],
    });
    const [bob, cat] = acme.members as [Caller, Caller];

    const byMember = await setPolicy(bob, true);
    expect(byMember.status).toBe(403);
    expect(await byMember.json()).toMatchObject({ code: "FORBIDDEN" });

    const withoutOwnFactor = await setPolicy(acme.owner, true);
    expect(withoutOwnFactor.status).toBe(409);
    expect(await withoutOwnFactor.json()).toMatchObject({ message: OWNER_NEEDS_SECOND_FACTOR });
    expect(await policyOf(acme.id)).toBe(false);

    const owner = await withApp(acme.owner);
    const catWithApp = await withApp(cat);
    const on = await setPolicy(owner, true);
    expect(on.status).toBe(200);
    expect(ZUpdateSecondFactorPolicyResponse.parse(await on.json())).toEqual({
      requireSecondFactor: true,
      membersWithoutSecondFactor: 1,
    });
    expect(await policyOf(acme.id)).toBe(true);

    // Bob, who has none, is told; Cat, who has one, is not.
    const told = (await t.outbox("bob@policy-acme.test")).find((m) => m.kind === "second-factor-required");
    expect(told?.subject).toBe("Policy Acme now requires a second factor on Cogwork");
    expect(told?.text).toContain("The next time you sign in, you will be asked to set up");
    expect((await t.outbox("cat@policy-acme.test")).some((m) => m.kind === "second-factor-required")).toBe(false);

    // The owner sees who has one; members do not.
    const page = ZGetCompanyResponse.parse(await (await owner.request("/api/company")).json());
    expect(page.company.requireSecondFactor).toBe(true);
    expect(Object.fromEntries(page.members.map((m) => [m.email, m.hasSecondFactor]))).toEqual({
      "owner@policy-acme.test": true,
      "bob@policy-acme.test": false,
      "cat@policy-acme.test": true,
    });
    const catsPage = ZGetCompanyResponse.parse(await (await catWithApp.request("/api/company")).json());
    expect(catsPage.members.every((m) => m.hasSecondFactor === null)).toBe(true);

    expect((await setPolicy(owner, false)).status).toBe(200);
    expect(await policyOf(acme.id)).toBe(false);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, acme.id), eq(auditLog.action, "company.second_factor_policy_changed")));
    expect(entries.map((e) => e.summary)).toEqual([
      "Required a second factor of every member of Policy Acme (1 without one yet)",
      "Stopped requiring a second factor of the members of Policy Acme",
    ]);
    expect(entries.map((e) => e.actorEmail)).toEqual(["owner@policy-acme.test", "owner@policy-acme.test"]);
  });
});

describe("the policy in force", () => {
  test("a member without a second factor is refused every company endpoint, at once, and reaches their account", async () => {
    const acme = await givenCompany(t, {
      name: "Enforced Acme",
      owner: "owner@enforced-acme.test",
      members: ["dan@enforced-acme.test"],
    });
    const dan = acme.members[0]!;
    const staff = await givenStaff(t, "enforcer@agency.test");
    const owner = await withApp(acme.owner);
    // Dan is signed in before the switch: his next call is refused, not his next sign-in only.
    expect((await dan.request("/api/dashboard")).status).toBe(200);
    expect((await setPolicy(owner, true)).status).toBe(200);

    const endpoints = declaredEndpoints(await (await t.request("/api/docs/openapi.json")).json()).filter(
      (e) => e.access === "member" || e.access === "owner",
    );
    expect(endpoints.length).toBeGreaterThan(30);
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/\{[^}]+\}/g, PLACEHOLDER_ID);
      const init = { method: endpoint.method, ...(endpoint.hasBody ? { json: endpoint.bodyExample ?? {} } : {}) };
      const refused = await dan.request(path, init);
      expect(refused.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(await refused.json(), `${endpoint.method} ${endpoint.path}`).toMatchObject({
        code: "SECOND_FACTOR_REQUIRED",
        message: expect.stringContaining("Your company requires a second factor"),
      });
    }

    // His account, and setting up a factor, stay open.
    const me = ZGetMeResponse.parse(await (await dan.request("/api/me")).json());
    expect(me.secondFactorRequired).toBe(true);
    expect(me.company).toMatchObject({ id: acme.id, role: "member", requireSecondFactor: true });
    expect((await dan.request("/api/me/notifications")).status).toBe(200);
    const enrolled = await withApp(dan);
    const after = ZGetMeResponse.parse(await (await enrolled.request("/api/me")).json());
    expect(after.secondFactorRequired).toBe(false);
    const reads = endpoints.filter((e) => e.access === "member" && e.method === "GET" && e.params.length === 0);
    expect(reads.length).toBeGreaterThan(5);
    for (const endpoint of reads) {
      const answer = await enrolled.request(endpoint.path);
      expect(answer.status, `${endpoint.method} ${endpoint.path} after enrolment`).toBeLessThan(400);
    }

    // The owner's own company, other companies' members and staff are untouched by the switch.
    expect((await owner.request("/api/dashboard")).status).toBe(200);
    expect((await staff.request(`/api/staff/companies/${acme.id}`)).status).toBe(200);
  }, 120_000);

  test("a member of a company that does not require it keeps working without one", async () => {
    const free = await givenCompany(t, {
      name: "Free Acme",
      owner: "owner@free-acme.test",
      members: ["eve@free-acme.test"],
    });
    const eve = free.members[0]!;
    expect((await eve.request("/api/dashboard")).status).toBe(200);
    expect(ZGetMeResponse.parse(await (await eve.request("/api/me")).json()).secondFactorRequired).toBe(false);
  });
});
