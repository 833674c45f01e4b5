import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListSecurityEventsResponse } from "../../../shared/security";
import { securityEvent } from "../../db/schema/security";
import { as, givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { SECURITY_LOG_PAGE_SIZE } from "./list-security-events.service";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let client: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  client = await givenClient(t, "ann@acme.test");
  const at = (iso: string) => new Date(iso);
  await t.db.insert(securityEvent).values([
    {
      type: "sign_in_failed",
      message: "Wrong password",
      email: "ann@acme.test",
      userId: "u-ann",
      ip: "203.0.113.5",
      createdAt: at("2026-03-01T10:00:00Z"),
    },
    {
      type: "sign_in_failed",
      message: "Wrong password",
      email: "bob@beta.test",
      ip: "203.0.113.9",
      createdAt: at("2026-03-02T23:59:59Z"),
    },
    {
      type: "rate_limited",
      message: "Rate limit reached",
      ip: "203.0.113.5",
      path: "/api/auth/sign-in/email",
      count: 40,
      createdAt: at("2026-03-03T00:00:00Z"),
    },
    {
      type: "user_banned",
      message: "ann@acme.test was banned: spam",
      email: "ann@acme.test",
      userId: "u-ann",
      createdAt: at("2026-03-04T08:00:00Z"),
    },
  ]);
}, 240_000);
afterAll(() => t.close());

const list = (query: string) =>
  expectBody(as(staff, `/api/admin/security-events${query}`), 200, ZListSecurityEventsResponse);
const messagesOf = async (query: string) => (await list(query)).events.map((e) => `${e.type} ${e.email ?? e.ip}`);

test("only staff read the security log", async () => {
  await expectError(t.request("/api/admin/security-events"), 401);
  await expectError(as(client, "/api/admin/security-events"), 403);
});

test("filters by type, days (both included), account and address", async () => {
  expect(await messagesOf("?type=sign_in_failed")).toEqual([
    "sign_in_failed bob@beta.test",
    "sign_in_failed ann@acme.test",
  ]);
  expect(await messagesOf("?from=2026-03-02&to=2026-03-03")).toEqual([
    "rate_limited 203.0.113.5",
    "sign_in_failed bob@beta.test",
  ]);
  expect(await messagesOf("?user=ANN@acme.test")).toEqual([
    "user_banned ann@acme.test",
    "sign_in_failed ann@acme.test",
  ]);
  expect(await messagesOf("?user=u-ann&type=user_banned")).toEqual(["user_banned ann@acme.test"]);
  expect(await messagesOf("?ip=203.0.113.5")).toEqual(["rate_limited 203.0.113.5", "sign_in_failed ann@acme.test"]);
  const [flood] = (await list("?type=rate_limited")).events;
  expect(flood).toMatchObject({ count: 40, path: "/api/auth/sign-in/email", createdAt: "2026-03-03T00:00:00.000Z" });
});

test("pages by (time, id), to the microsecond: events of one instant are neither skipped nor repeated", async () => {
  // Many events in one microsecond, and two more in the same millisecond: a cursor kept in
  // milliseconds (as a JavaScript Date is) would skip what follows the first page.
  const at = (time: string) => sql`${time}::timestamptz`;
  const event = (message: string, time: string) => ({
    type: "csp_violation" as const,
    message,
    ip: "198.51.100.1",
    createdAt: at(time) as unknown as Date,
  });
  await t.db
    .insert(securityEvent)
    .values([
      ...Array.from({ length: SECURITY_LOG_PAGE_SIZE + 7 }, (_, i) =>
        event(`Blocked ${i}`, "2026-04-01T12:00:00.123400Z"),
      ),
      event("Blocked earlier", "2026-04-01T12:00:00.123100Z"),
      event("Blocked earliest", "2026-04-01T12:00:00.123000Z"),
    ]);
  const first = await list("?ip=198.51.100.1");
  expect(first.events).toHaveLength(SECURITY_LOG_PAGE_SIZE);
  expect(first.nextCursor).not.toBeNull();
  const second = await list(`?ip=198.51.100.1&cursor=${encodeURIComponent(first.nextCursor!)}`);
  expect(second.nextCursor).toBeNull();
  expect(second.events.slice(-2).map((e) => e.message)).toEqual(["Blocked earlier", "Blocked earliest"]);
  const ids = [...first.events, ...second.events].map((e) => e.id);
  expect(ids).toHaveLength(SECURITY_LOG_PAGE_SIZE + 9);
  expect(new Set(ids).size).toBe(ids.length);
});

test("bad filters are refused with the field's message", async () => {
  const cookie = { headers: { cookie: staff.cookie } };
  const backwards = await expectError(
    t.request("/api/admin/security-events?from=2026-03-05&to=2026-03-01", cookie),
    400,
  );
  expect(backwards.fields).toEqual({ to: "The end date is before the start date" });
  const notADay = await expectError(t.request("/api/admin/security-events?from=2026-02-30", cookie), 400);
  expect(notADay.fields).toEqual({ from: "Not a real date: dates look like 2026-01-31" });
  const cursor = await expectError(t.request("/api/admin/security-events?cursor=nonsense", cookie), 400);
  expect(cursor.fields).toEqual({ cursor: "Not a valid cursor" });
  const nul = await expectError(t.request("/api/admin/security-events?user=a%00b", cookie), 400);
  expect(nul.fields).toEqual({ user: "Must not contain control characters" });
});
