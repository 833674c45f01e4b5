import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import {
  ZIssueIngestKeyResponse,
  ZListIngestKeysResponse,
  ZRevokeIngestKeyResponse,
} from "../../../shared/automations";
import { ZCreateAutomationResponse, ZListCompanyAutomationsResponse } from "../../../shared/staff-automations";
import { auditLog } from "../../db/schema/audit";
import { postRun } from "../../test/fixtures";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme");
}, 180_000);
afterAll(() => t.close());

const base = () => `/api/staff/companies/${ann.companyId}/automations`;
const call = (url: string, init: RequestInit & { json?: unknown } = {}, who = staff) =>
  t.request(url, { ip: t.newIp(), ...init, headers: { cookie: who.cookie } });
const keyAudit = async () =>
  (await t.db.select().from(auditLog).where(eq(auditLog.objectType, "ingest_key")).orderBy(auditLog.createdAt)).map(
    (entry) => ({ action: entry.action, summary: entry.summary, before: entry.before, after: entry.after }),
  );

test("issue, rotate and revoke: each audited by the key's prefix, never the key", async () => {
  const created = await expectBody(
    call(base(), {
      json: {
        name: "Invoice sync",
        purpose: "Copies paid invoices into the books.",
        platform: "make",
        triggerDescription: "Every hour",
        minutesSavedPerRun: 6,
        status: "live",
      },
    }),
    201,
    ZCreateAutomationResponse,
  );
  const keys = `${base()}/${created.id}/keys`;
  expect((await call(keys, { method: "POST" }, ann)).status).toBe(403);

  const first = await expectBody(call(keys, { method: "POST" }), 201, ZIssueIngestKeyResponse);
  expect(first.prefix).toBe(first.key.slice(0, 10));
  expect((await postRun(t, first.key, { externalRunId: "r1" })).status).toBe(201);

  const second = await expectBody(call(keys, { method: "POST" }), 201, ZIssueIngestKeyResponse);
  expect((await postRun(t, first.key, { externalRunId: "r2" })).status).toBe(401);
  expect((await postRun(t, second.key, { externalRunId: "r2" })).status).toBe(201);

  const listed = await expectBody(call(base()), 200, ZListCompanyAutomationsResponse);
  expect(listed.automations[0]!.activeKey).toMatchObject({ id: second.id, prefix: second.prefix });
  expect(listed.automations[0]!.activeKey!.lastUsedAt).not.toBeNull();
  const history = await expectBody(call(keys), 200, ZListIngestKeysResponse);
  expect(history.keys.map((k) => [k.id, k.revokedAt === null])).toEqual([
    [second.id, true],
    [first.id, false],
  ]);

  await expectBody(call(`${keys}/${second.id}`, { method: "DELETE" }), 200, ZRevokeIngestKeyResponse);
  expect((await postRun(t, second.key, { externalRunId: "r3" })).status).toBe(401);
  const before = (await keyAudit()).length;
  await expectError(call(`${keys}/${second.id}`, { method: "DELETE" }), 404);
  expect((await keyAudit()).length).toBe(before);

  expect(await keyAudit()).toEqual([
    {
      action: "ingest_key.issued",
      summary: `Issued the ingest key ${first.prefix}… for Invoice sync (Acme)`,
      before: null,
      after: { activeKey: first.prefix },
    },
    {
      action: "ingest_key.rotated",
      summary: `Rotated the ingest key of Invoice sync (Acme): ${first.prefix}… no longer works, ${second.prefix}… does`,
      before: { activeKeys: [first.prefix] },
      after: { activeKey: second.prefix },
    },
    {
      action: "ingest_key.revoked",
      summary: `Revoked the ingest key ${second.prefix}… of Invoice sync (Acme)`,
      before: { activeKey: second.prefix },
      after: { activeKey: null },
    },
  ]);
  const everything = JSON.stringify(await t.db.select().from(auditLog));
  expect(everything).not.toContain(first.key);
  expect(everything).not.toContain(second.key);
  const after = await expectBody(call(base()), 200, ZListCompanyAutomationsResponse);
  expect(after.automations[0]!.activeKey).toBeNull();
});
