import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListEmailsResponse, ZRetryEmailResponse } from "../../../shared/admin";
import { auditLog } from "../../db/schema/audit";
import { mailOutbox } from "../../db/schema/mail";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
}, 180_000);
afterAll(() => t.close());

const list = (query = "", cookie = staff.cookie) => t.request(`/api/staff/emails${query}`, { headers: { cookie } });
const retry = (id: string, cookie = staff.cookie) =>
  t.request(`/api/staff/emails/${id}/retry`, { method: "POST", headers: { cookie }, ip: "10.7.7.7" });

async function failedMail(to: string, createdAt: Date) {
  const [row] = await t.db
    .insert(mailOutbox)
    .values({
      to,
      subject: `Invitation for ${to}`,
      text: "secret link",
      html: "<p>secret link</p>",
      kind: "company-invitation",
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
      createdAt,
      nextAttemptAt: createdAt,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}
const auditOf = (id: string) => t.db.select().from(auditLog).where(eq(auditLog.objectId, id));

test("staff list undelivered emails, newest first, without their text", async () => {
  const older = await failedMail("old@x.test", new Date("2026-03-01T10:00:00Z"));
  const newer = await failedMail("new@x.test", new Date("2026-03-02T10:00:00Z"));
  const page = await expectBody(list(), 200, ZListEmailsResponse);
  expect(page.total).toBe(2);
  expect(page.emails.map((e) => e.id)).toEqual([newer, older]);
  expect(page.emails[0]).toEqual({
    id: newer,
    to: "new@x.test",
    subject: "Invitation for new@x.test",
    kind: "company-invitation",
    status: "failed",
    attempts: 8,
    lastError: "550 mailbox unavailable",
    createdAt: "2026-03-02T10:00:00.000Z",
  });
  expect(JSON.stringify(page)).not.toContain("secret link");
  const second = await expectBody(list("?status=failed&page=2"), 200, ZListEmailsResponse);
  expect(second.emails).toEqual([]);
});

test("retry puts the email back in the queue now, with an audit entry; retrying twice is refused", async () => {
  const id = await failedMail("retry@x.test", new Date("2026-03-03T10:00:00Z"));
  const queued = await expectBody(retry(id), 200, ZRetryEmailResponse);
  expect(queued).toMatchObject({ id, status: "pending", attempts: 0 });
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  expect(row!.status === "pending" || row!.status === "sent").toBe(true);
  expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  const entries = await auditOf(id);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    action: "email.retried",
    objectType: "email",
    actorEmail: "ops@agency.test",
    actorIp: "10.7.7.7",
    companyId: null,
    summary: 'Queued the undelivered email "Invitation for retry@x.test" to retry@x.test to be sent again',
    before: { status: "failed", attempts: 8, lastError: "550 mailbox unavailable" },
    after: { status: "pending", attempts: 0 },
  });

  const again = await expectError(retry(id), 409);
  expect(again.message).toMatch(/retry@x\.test/);
  expect(await auditOf(id)).toHaveLength(1);
});

test("unknown ids, bad filters and non-staff callers are refused, and nothing changes", async () => {
  await expectError(retry("6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10"), 404);
  await expectError(retry("not-a-uuid"), 404);
  const bad = await expectError(list("?status=sent"), 400);
  expect(bad.fields).toEqual({ status: "Status must be failed or pending" });
  const client = await givenClient(t, "ann@acme.test", "Acme");
  const id = await failedMail("keep@x.test", new Date());
  await expectError(list("", client.cookie), 403);
  await expectError(retry(id, client.cookie), 403);
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  expect(row!.status).toBe("failed");
  expect(await auditOf(id)).toEqual([]);
});
