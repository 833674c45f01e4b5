import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PASSWORD, userRow } from "../test/auth-helpers";
import { type TestRuntime } from "../test/test-runtime";
import { accountRows } from "./bad-input-cases-account";
import { signInRows } from "./bad-input-cases-sign-in";
import { signUpRows } from "./bad-input-cases-sign-up";
import { staffRows } from "./bad-input-cases-staff";
import { expectReadable, long, startBadInputRuntime, type BadInputRuntime, type Row } from "./bad-input-helpers";

/**
 * Bad input to the auth endpoints is a 4xx with a readable `message`, never a 500:
 * a table of the endpoints the screens use, with the exact answers (the cases sit in
 * bad-input-cases-*.ts). The sweep of every endpoint with garbage is bad-input-sweep.test.ts.
 */

let t: TestRuntime;
let ensureSignedIn: BadInputRuntime["ensureSignedIn"];
let call: BadInputRuntime["call"];
beforeAll(async () => {
  ({ t, ensureSignedIn, call } = await startBadInputRuntime());
});
afterAll(() => t.close());

const rows: Row[] = [...signUpRows, ...signInRows, ...accountRows, ...staffRows];

describe("bad input to the auth endpoints the screens use", () => {
  test.each(rows)("%s", async (label, who, path, init, status, message) => {
    await ensureSignedIn(who);
    const res = await call(who, path, init);
    const text = await res.clone().text();
    expect(res.status, text.slice(0, 300)).toBe(status);
    const actual = await expectReadable(res, label);
    if (typeof message === "string") expect(actual).toBe(message);
    else expect(actual).toMatch(message);
  });

  test("confirmation links with bad tokens land on /link-expired, never an error", async () => {
    for (const query of [
      "",
      "?token=",
      `?token=${long(20_000)}`,
      "?token=a&token=b",
      "?token=%E0%A4%A",
      "?token[]=x",
    ]) {
      const res = await t.request(`/api/auth/verify-email${query}`);
      expect(res.status, query).toBe(302);
      expect(res.headers.get("location"), query).toBe("/link-expired?link=confirm&reason=invalid");
    }
  });
});

describe("control characters in a staff action", () => {
  test("a ban reason with NUL is stored without it, never a 500", async () => {
    const email = "nul-ban-target@example.com";
    await t.auth.api.createUser({
      body: { email, password: PASSWORD, name: "Target", role: "client", data: { emailVerified: true } },
    });
    const target = await userRow(t, email);
    const res = await call("staff", `/api/staff/users/${target!.id}/ban`, { json: { reason: "spam\u0000 account" } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await userRow(t, email))?.banReason).toBe("spam account");
  });
});
