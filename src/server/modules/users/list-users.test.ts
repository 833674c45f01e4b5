import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { USERS_PAGE_SIZE, ZListUsersResponse } from "../../../shared/users";
import { user } from "../../db/schema/auth";
import { signUp } from "../../test/auth-helpers";
import { givenClient, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { usersKit } from "./users-test-kit";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let kit: ReturnType<typeof usersKit>;
let staff: Caller;
let ann: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  kit = usersKit(t);
  staff = await givenStaff(t, "sam@agency.test");
  ann = await givenClient(t, "ann@acme.test", "Acme Ltd");
  await givenClient(t, "bob@beta.test", "Beta 100% Ltd");
  await signUp(t, { email: "una@unconfirmed.test", name: "Una Unconfirmed" });
  await t.db.update(user).set({ name: "Ann Archer" }).where(eq(user.id, ann.userId));
}, 240_000);
afterAll(() => t.close());

const emailsOf = (page: { users: { email: string }[] }) => page.users.map((u) => u.email);

test("only staff list accounts", async () => {
  await expectError(t.request("/api/staff/users"), 401);
  await expectError(kit.list(ann), 403);
});

test("every account, newest first, with its company and state", async () => {
  const page = await expectBody(kit.list(staff), 200, ZListUsersResponse);
  expect(emailsOf(page)).toEqual(["una@unconfirmed.test", "bob@beta.test", "ann@acme.test", "sam@agency.test"]);
  expect(page).toMatchObject({ total: 4, page: 1, pageSize: USERS_PAGE_SIZE });
  expect(page.users.find((u) => u.email === "ann@acme.test")).toMatchObject({
    name: "Ann Archer",
    role: "client",
    emailVerified: true,
    banned: false,
    banReason: null,
    company: { id: ann.companyId, name: "Acme Ltd", role: "owner" },
  });
  expect(page.users.find((u) => u.email === "sam@agency.test")).toMatchObject({ role: "admin", company: null });
  expect(page.users.find((u) => u.email === "una@unconfirmed.test")).toMatchObject({ emailVerified: false });
});

test("search matches the name or the email, in any case, and takes % literally", async () => {
  expect(emailsOf(await expectBody(kit.list(staff, "?q=ARCHER"), 200, ZListUsersResponse))).toEqual(["ann@acme.test"]);
  expect(emailsOf(await expectBody(kit.list(staff, "?q=beta.t"), 200, ZListUsersResponse))).toEqual(["bob@beta.test"]);
  expect((await expectBody(kit.list(staff, "?q=%25"), 200, ZListUsersResponse)).total).toBe(0);
});

test("filters by role, state and sign-up date", async () => {
  const staffOnly = await expectBody(kit.list(staff, "?role=admin"), 200, ZListUsersResponse);
  expect(emailsOf(staffOnly)).toEqual(["sam@agency.test"]);
  const unconfirmed = await expectBody(kit.list(staff, "?state=unconfirmed"), 200, ZListUsersResponse);
  expect(emailsOf(unconfirmed)).toEqual(["una@unconfirmed.test"]);

  const [bob] = await t.db.select().from(user).where(eq(user.email, "bob@beta.test"));
  await kit.act(staff, bob!.id, "ban", { reason: "Chargebacks" });
  const banned = await expectBody(kit.list(staff, "?state=banned&role=client"), 200, ZListUsersResponse);
  expect(banned.users).toEqual([
    expect.objectContaining({ email: "bob@beta.test", banned: true, banReason: "Chargebacks" }),
  ]);

  await t.db
    .update(user)
    .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
    .where(eq(user.id, ann.userId));
  expect(emailsOf(await expectBody(kit.list(staff, "?signedUpWithin=7"), 200, ZListUsersResponse))).not.toContain(
    "ann@acme.test",
  );
  expect(emailsOf(await expectBody(kit.list(staff, "?signedUpWithin=30"), 200, ZListUsersResponse))).toContain(
    "ann@acme.test",
  );
});

test("pages never overlap or skip, even among accounts made in the same instant", async () => {
  const instant = new Date("2020-01-01T00:00:00Z");
  const rows = Array.from({ length: USERS_PAGE_SIZE + 5 }, (_, i) => ({
    id: `same-instant-${String(i).padStart(2, "0")}`,
    name: `Twin ${i}`,
    email: `twin-${i}@twins.test`,
    createdAt: instant,
    updatedAt: instant,
  }));
  await t.db.insert(user).values(rows);
  const first = await expectBody(kit.list(staff, "?q=twins.test"), 200, ZListUsersResponse);
  const second = await expectBody(kit.list(staff, "?q=twins.test&page=2"), 200, ZListUsersResponse);
  expect(first.users).toHaveLength(USERS_PAGE_SIZE);
  expect(second.users).toHaveLength(5);
  expect(first.total).toBe(USERS_PAGE_SIZE + 5);
  const seen = [...emailsOf(first), ...emailsOf(second)];
  expect(new Set(seen).size).toBe(rows.length);
  expect((await expectBody(kit.list(staff, "?q=twins.test&page=3"), 200, ZListUsersResponse)).users).toEqual([]);
});

test("bad filters are refused with the field's message", async () => {
  const refused = await expectError(kit.list(staff, "?role=root&signedUpWithin=0"), 400);
  expect(refused.fields).toMatchObject({
    role: "Role must be client or admin",
    signedUpWithin: "Enter at least 1 day",
  });
  expect((await expectError(kit.list(staff, "?state=deleted"), 400)).fields).toMatchObject({
    state: "State must be banned or unconfirmed",
  });
});
