import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { confirmedClient, signedInStaff, userRow } from "../test/auth-helpers";
import { TEST_ORIGIN, type TestRuntime } from "../test/test-runtime";
import { startSecurityRuntime } from "./security-test-runtime";

let t: TestRuntime;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await startSecurityRuntime());
});
afterAll(() => close());

describe("CSP reports and the security log", () => {
  test("a browser's report is logged with the violated directive, for staff only", async () => {
    const staff = await signedInStaff(t, "csp-staff@example.com");
    const client = await confirmedClient(t, "csp-client@example.com");
    const report = await t.request("/api/security/csp-report", {
      method: "POST",
      headers: { "content-type": "application/csp-report" },
      body: JSON.stringify({
        "csp-report": {
          "document-uri": `${TEST_ORIGIN}/pricing`,
          "violated-directive": "script-src-elem",
          "blocked-uri": "inline",
        },
      }),
    });
    expect(report.status).toBe(204);
    const log = await t.request("/api/admin/security-events?type=csp_violation", { headers: { cookie: staff } });
    const { events } = (await log.json()) as {
      events: { message: string; path: string; details: { directive: string } }[];
    };
    expect(events[0]).toMatchObject({
      message: "CSP Violation: script-src-elem",
      path: "/pricing",
      details: { directive: "script-src-elem" },
    });
    expect((await t.request("/api/admin/security-events", { headers: { cookie: client } })).status).toBe(403);
  });

  test("the same event from one source within a minute is one row with a count", async () => {
    const staff = await signedInStaff(t, "csp-count-staff@example.com");
    const ip = t.newIp();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await t.request("/api/security/csp-report", {
            json: { directive: "img-src", documentURI: `${TEST_ORIGIN}/counted` },
            ip,
          })
        ).status,
      ).toBe(204);
    }
    expect(
      (
        await t.request("/api/security/csp-report", {
          json: { directive: "font-src", documentURI: `${TEST_ORIGIN}/counted` },
          ip,
        })
      ).status,
    ).toBe(204);
    const log = await t.request("/api/admin/security-events?type=csp_violation", { headers: { cookie: staff } });
    const { events } = (await log.json()) as { events: { ip: string; message: string; count: number }[] };
    const mine = events.filter((event) => event.ip === ip);
    expect(mine.map((event) => [event.message, event.count]).sort()).toEqual([
      ["CSP Violation: font-src", 1],
      ["CSP Violation: img-src", 3],
    ]);
  });

  test.each([
    ["not JSON", "nope", 400],
    ["no directive", JSON.stringify({ "csp-report": {} }), 400],
    ["too large", JSON.stringify({ directive: "x".repeat(20_000) }), 413],
  ])("a bad report (%s) is a readable 4xx", async (_label, body, status) => {
    const res = await t.request("/api/security/csp-report", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });

  test("a bad filter is a readable 400", async () => {
    const staff = await signedInStaff(t, "filter-staff@example.com");
    const res = await t.request("/api/admin/security-events?type=everything", { headers: { cookie: staff } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "type: Unknown event type",
      code: "VALIDATION",
      fields: { type: "Unknown event type" },
    });
  });

  test("role changes and bans by staff are logged", async () => {
    const staff = await signedInStaff(t, "roles-staff@example.com");
    await confirmedClient(t, "promoted@example.com");
    const target = await userRow(t, "promoted@example.com");
    await t.request(`/api/staff/users/${target!.id}/role`, { json: { role: "admin" }, headers: { cookie: staff } });
    await t.request(`/api/staff/users/${target!.id}/ban`, {
      json: { reason: "left the company" },
      headers: { cookie: staff },
    });
    const { events } = (await (
      await t.request("/api/admin/security-events", { headers: { cookie: staff } })
    ).json()) as { events: { type: string; message: string }[] };
    expect(events).toContainEqual(
      expect.objectContaining({ type: "role_changed", message: "Role of promoted@example.com set to admin" }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: "user_banned", message: "promoted@example.com was banned: left the company" }),
    );
  });
});
