import { afterAll, beforeAll, expect, test } from "vitest";
import { cookieFrom, createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

test("sign up, confirm once, signed in", async () => {
  const res = await t.request("/api/auth/sign-up/email", { json: { email: "Ann@Acme.io", password: "correct horse", name: "Ann", company: "Acme <b>Ltd</b>" } });
  expect(res.status).toBe(200);
  const link = await latestLink(t, "ann@acme.io", "confirm-email");
  const confirm = await t.request(new URL(link).pathname + new URL(link).search);
  expect(confirm.status).toBe(302);
  expect(confirm.headers.get("location")).toBe("/");
  const cookie = cookieFrom(confirm);
  const me = await t.request("/api/me", { headers: { cookie } });
  expect(await me.json()).toMatchObject({ user: { email: "ann@acme.io" }, company: { name: "Acme Ltd", role: "owner" } });
  const replay = await t.request(new URL(link).pathname + new URL(link).search);
  expect(replay.headers.get("location")).toBe("/link-expired?link=confirm&reason=used");
});
