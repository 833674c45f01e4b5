import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZCreateClientCompanyResponse, ZPreviewInvitationResponse } from "../../../shared/companies";
import { auditLog } from "../../db/schema/audit";
import { user } from "../../db/schema/auth";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { pathOf, signUp } from "../../test/auth-helpers";
import { json } from "../../test/fixtures";
import { as, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, latestLink, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
}, 180_000);
afterAll(() => t.close());

const tokenOf = async (email: string) =>
  (await t.outbox(email)).find((m) => m.kind === "company-invitation")!.text.match(/token=([\w-]+)/)![1]!;
const preview = (token: string) => t.request(`/api/invitations/preview?token=${encodeURIComponent(token)}`);
const companies = async () => (await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(company))[0]!.n;
const membershipsOf = (email: string) =>
  t.db
    .select({ companyId: companyMember.companyId, name: company.name, role: companyMember.role })
    .from(companyMember)
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(user.email, email));

async function invitedCompany(name: string, email: string) {
  const created = ZCreateClientCompanyResponse.parse(
    await json(as(staff, "/api/staff/companies", { json: { name, inviteEmail: email } })),
  );
  return { id: created.company.id, token: await tokenOf(email) };
}

test("a signed-out newcomer signs up from the link into the inviting company; confirming opens its portal", async () => {
  const globex = await invitedCompany("Globex Holdings", "nina@globex-mail.test");
  // Signed out, the link tells which company invites which address.
  const shown = await expectBody(preview(globex.token), 200, ZPreviewInvitationResponse);
  expect(shown).toMatchObject({ companyName: "Globex Holdings", email: "nina@globex-mail.test" });

  const before = await companies();
  const answer = await signUp(t, {
    email: "nina@globex-mail.test",
    name: "Nina",
    invitationToken: globex.token,
    callbackURL: "/secure-dashboard",
  });
  expect(answer.status).toBe(200);
  // No company invented from the address's domain ("Globex Mail"): she is the owner of the inviting one.
  expect(await companies()).toBe(before);
  expect(await membershipsOf("nina@globex-mail.test")).toEqual([
    { companyId: globex.id, name: "Globex Holdings", role: "owner" },
  ]);
  const [joined] = await t.db.select().from(auditLog).where(eq(auditLog.action, "member.joined"));
  expect(joined).toMatchObject({
    companyId: globex.id,
    actorEmail: "nina@globex-mail.test",
    summary: "nina@globex-mail.test accepted the invitation and joined Globex Holdings as its owner",
  });

  // The confirmation link signs her in and lands on the company's portal, not on /.
  const confirm = await t.request(pathOf(await latestLink(t, "nina@globex-mail.test", "confirm-email")));
  expect(confirm.status).toBe(302);
  expect(new URL(confirm.headers.get("location")!, "http://x.test").pathname).toBe("/secure-dashboard");
  expect(confirm.headers.getSetCookie().join(";")).toContain("session_token");

  // The link worked once.
  const used = await expectError(preview(globex.token), 410);
  expect(used.message).toBe("This invitation has already been used.");
});

test("a link that is no invitation's says so; one that can no longer be used leaves the newcomer a company of their own", async () => {
  const unknown = await expectError(preview("not-a-real-token"), 404);
  expect(unknown.message).toBe("This invitation link is not valid. Ask for a new invitation.");

  const initech = await invitedCompany("Initech", "omar@initech.test");
  // Used by its address signing up; another address signing up with the same token joins nobody.
  expect((await signUp(t, { email: "omar@initech.test", invitationToken: initech.token })).status).toBe(200);
  expect((await signUp(t, { email: "pia@elsewhere.test", invitationToken: initech.token })).status).toBe(200);
  expect(await membershipsOf("pia@elsewhere.test")).toEqual([
    expect.objectContaining({ name: "Elsewhere", role: "owner" }),
  ]);
  expect((await membershipsOf("omar@initech.test")).map((m) => m.companyId)).toEqual([initech.id]);
});

test("an invitation that expires while the newcomer fills in the form still gives them an account, with a company of their own and the reason", async () => {
  const umbrella = await invitedCompany("Umbrella Labs", "quinn@quinn-studio.test");
  // The form opens on a valid invitation…
  await expectBody(preview(umbrella.token), 200, ZPreviewInvitationResponse);
  // …and its seven days run out before the form is sent.
  await t.db
    .update(companyInvitation)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(companyInvitation.companyId, umbrella.id));

  const answer = await signUp(t, {
    email: "quinn@quinn-studio.test",
    name: "Quinn",
    invitationToken: umbrella.token,
    callbackURL: "/secure-dashboard",
  });
  // Not an error, and nothing typed is lost: the account exists, with a company of its own.
  expect(answer.status).toBe(200);
  expect(await membershipsOf("quinn@quinn-studio.test")).toEqual([
    expect.objectContaining({ name: "Quinn Studio", role: "owner" }),
  ]);
  expect((await membershipsOf("quinn@quinn-studio.test"))[0]!.companyId).not.toBe(umbrella.id);
  // What the form asks once the account is made: the link says it expired, in words, with what to do.
  const expired = await expectError(preview(umbrella.token), 410);
  expect(expired).toMatchObject({
    reason: "expired",
    message: "This invitation has expired. Ask the person who invited you for a new one.",
  });
  // The confirmation link still signs them in, on their own portal.
  const confirm = await t.request(pathOf(await latestLink(t, "quinn@quinn-studio.test", "confirm-email")));
  expect(confirm.status).toBe(302);
  expect(new URL(confirm.headers.get("location")!, "http://x.test").pathname).toBe("/secure-dashboard");
  expect(confirm.headers.getSetCookie().join(";")).toContain("session_token");
});
