import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZInviteMemberResponse } from "../../../shared/companies";
import { companyInvitation } from "../../db/schema/companies";
import { json } from "../../test/fixtures";
import { as, givenClient, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { inviteToCompany } from "./invitations.service";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let owner: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  owner = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const invite = (email: string) => as(owner, "/api/company/invitations", { ip: t.newIp(), json: { email } });
const pendingFor = (email: string) =>
  t.db
    .select()
    .from(companyInvitation)
    .where(and(eq(companyInvitation.email, email), isNull(companyInvitation.acceptedAt)));
const tokensMailedTo = async (email: string) =>
  (await t.outbox(email))
    .filter((m) => m.kind === "company-invitation")
    .map((m) => m.text.match(/token=([\w-]+)/)![1]!);
const accept = (who: Caller, token: string) => as(who, "/api/company/invitations/accept", { json: { token } });

test("inviting an address twice in a row sends the one pending invitation again, with a new link", async () => {
  const first = await expectBody(invite("kim@acme.test"), 201, ZInviteMemberResponse);
  expect(first.resent).toBe(false);
  const second = await expectBody(invite("Kim@Acme.test"), 200, ZInviteMemberResponse);
  expect(second).toMatchObject({ email: "kim@acme.test", resent: true });
  expect(await pendingFor("kim@acme.test")).toHaveLength(1);
  const overview = await json<{ invitations: { email: string }[] }>(as(owner, "/api/company"));
  expect(overview.invitations.filter((i) => i.email === "kim@acme.test")).toHaveLength(1);

  // One mail per request; the newest link is the one that works.
  const [newToken, oldToken] = await tokensMailedTo("kim@acme.test"); // newest first
  expect(oldToken).toBeDefined();
  const kim = await givenClient(t, "kim@acme.test");
  await expectError(accept(kim, oldToken!), 404);
  expect((await accept(kim, newToken!)).status).toBe(200);
});

test("two invitations of one address at once make one pending invitation, and at most one mail each", async () => {
  const both = await Promise.all([invite("lee@acme.test"), invite("lee@acme.test")]);
  expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
  expect(await pendingFor("lee@acme.test")).toHaveLength(1);
  expect(await tokensMailedTo("lee@acme.test")).toHaveLength(2);
});

test("the address is compared without case, even when written as it came", async () => {
  const inviter = { id: owner.userId, email: owner.email, name: "Ann", role: null, ip: null };
  const ctx = t.context({ actor: inviter });
  const input = { companyId: owner.companyId! };
  await inviteToCompany(ctx, { ...input, email: "Pat@Acme.test" });
  const again = await inviteToCompany(ctx, { ...input, email: "pat@acme.test" });
  expect(again.resent).toBe(true);
  const rows = await t.db.select().from(companyInvitation).where(eq(companyInvitation.companyId, owner.companyId!));
  expect(rows.filter((r) => r.email.toLowerCase() === "pat@acme.test")).toHaveLength(1);
});
