import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZResendUserConfirmationResponse, ZRevokeUserSessionsResponse } from "../../../shared/users";
import { rateLimit } from "../../db/schema/auth";
import { pathOf, signIn, signUp, userRow } from "../../test/auth-helpers";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { cookieFrom, createTestRuntime, latestLink, type TestRuntime } from "../../test/test-runtime";
import { usersKit } from "./users-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let kit: ReturnType<typeof usersKit>;
let staff: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  kit = usersKit(t);
  staff = await givenStaff(t, "sam@agency.test");
}, 240_000);
afterAll(() => t.close());

test("revoking sessions ends each one, and is audited and logged with the change", async () => {
  const ann = await givenClient(t, "ann@acme.test", "Acme Ltd");
  cookieFrom(await signIn(t, ann.email));
  await expectError(kit.act(ann, ann.userId, "revoke-sessions"), 403);
  const revoked = await expectBody(kit.act(staff, ann.userId, "revoke-sessions"), 200, ZRevokeUserSessionsResponse);
  expect(revoked).toEqual({ sessionsEnded: 2 });
  expect((await as(ann, "/api/me")).status).toBe(401);
  expect((await kit.auditOf(ann.userId))[0]).toMatchObject({
    action: "user.sessions_revoked",
    companyId: ann.companyId,
    summary: "Ended all 2 sessions of ann@acme.test",
  });
  expect((await kit.eventsOf(ann.userId))[0]).toMatchObject({
    type: "sessions_revoked",
    message: "All sessions of ann@acme.test were revoked",
  });
  // The account itself still works.
  expect((await signIn(t, ann.email)).status).toBe(200);
  await expectError(kit.act(staff, "nobody", "revoke-sessions"), 404);
});

test("a new confirmation link goes only to an unconfirmed address, works once, and waits a minute per address", async () => {
  await signUp(t, { email: "una@unconfirmed.test", name: "Una" });
  const una = (await userRow(t, "una@unconfirmed.test"))!;
  const mailsBefore = (await t.outbox(una.email)).length;
  // Her own Resend a moment ago holds the address's cooldown: staff wait for it too.
  await t.request("/api/auth/send-verification-email", { json: { email: una.email, callbackURL: "/" } });
  const waiting = await expectError(kit.act(staff, una.id, "resend-confirmation"), 429);
  expect(waiting.message).toMatch(/^A confirmation email went to una@unconfirmed\.test less than a minute ago/);
  expect(await kit.auditOf(una.id)).toEqual([]);

  await t.db.delete(rateLimit);
  const sent = await expectBody(kit.act(staff, una.id, "resend-confirmation"), 200, ZResendUserConfirmationResponse);
  expect(sent.email).toBe("una@unconfirmed.test");
  expect((await t.outbox(una.email)).length).toBe(mailsBefore + 2);
  expect((await kit.auditOf(una.id))[0]).toMatchObject({
    action: "user.confirmation_resent",
    summary: "Sent una@unconfirmed.test a new confirmation email",
  });
  const link = pathOf(await latestLink(t, una.email, "confirm-email"));
  const confirmed = await t.request(link);
  expect(confirmed.status).toBe(302);
  expect(confirmed.headers.get("location")).not.toMatch(/link-expired/);
  expect((await userRow(t, una.email))?.emailVerified).toBe(true);
  expect((await t.request(link)).headers.get("location")).toBe("/link-expired?link=confirm&reason=used");

  const already = await expectError(kit.act(staff, una.id, "resend-confirmation"), 409);
  expect(already.message).toBe("una@unconfirmed.test has already confirmed their address.");
});

test("the link, its mail and the audit entry are written together or not at all", async () => {
  await signUp(t, { email: "vic@unconfirmed.test" });
  const vic = (await userRow(t, "vic@unconfirmed.test"))!;
  const mails = (await t.outbox(vic.email)).length;
  const restore = await kit.failInsertsInto("audit_log");
  try {
    expect((await kit.act(staff, vic.id, "resend-confirmation")).status).toBe(500);
  } finally {
    await restore();
  }
  expect((await t.outbox(vic.email)).length).toBe(mails);
  // Nor was the address's cooldown spent.
  await expectBody(kit.act(staff, vic.id, "resend-confirmation"), 200, ZResendUserConfirmationResponse);
});
