import { eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZUserActionResponse } from "../../../shared/users";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { enrolAuthenticator } from "../../test/fixtures";
import { as, givenClient, givenCompany, givenStaff, type Caller } from "../../test/given";
import { expectBody, expectError } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { setUserRole } from "./set-user-role.service";
import { usersKit } from "./users-test-kit";
import type { AppError } from "../../lib/app-error";

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

const roleOf = async (id: string) =>
  (await t.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]!.role;
const membershipsOf = (id: string) => t.db.select().from(companyMember).where(eq(companyMember.userId, id));
const actor = (who: Caller) =>
  t.context({ actor: { id: who.userId, email: who.email, name: "", role: "admin", ip: null } });

test("promoting a client takes them out of their company; the new staff member reaches staff endpoints", async () => {
  const ann = await givenClient(t, "ann@acme.test", "Acme Ltd");
  expect((await as(ann, "/api/staff/users")).status).toBe(403);
  const promoted = await expectBody(kit.act(staff, ann.userId, "role", { role: "admin" }), 200, ZUserActionResponse);
  expect(promoted.user).toMatchObject({ role: "admin", company: null });
  expect(await membershipsOf(ann.userId)).toEqual([]);
  // A new staff member sets up a second factor before the staff area opens to them.
  const refused = await as(ann, "/api/staff/users");
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
  const enrolled = { ...ann, ...(await enrolAuthenticator(t, ann)) };
  expect((await as(enrolled, "/api/staff/users")).status).toBe(200);
  expect((await kit.auditOf(ann.userId))[0]).toMatchObject({
    action: "user.role_changed",
    companyId: ann.companyId,
    summary: "Made ann@acme.test staff and removed them from Acme Ltd, where they were owner",
    before: { role: "client", company: { id: ann.companyId, name: "Acme Ltd", role: "owner" } },
    after: { role: "admin", company: null },
  });
  // (After it, the new staff member set up their authenticator app: that event is newer.)
  expect((await kit.eventsOf(ann.userId)).find((event) => event.type === "role_changed")).toMatchObject({
    type: "role_changed",
    message: "Role of ann@acme.test set to admin",
    details: { by: "sam@agency.test", role: "admin" },
  });

  const demoted = await expectBody(kit.act(staff, ann.userId, "role", { role: "client" }), 200, ZUserActionResponse);
  expect(demoted.user).toMatchObject({ role: "client", company: null });
  expect((await as(enrolled, "/api/staff/users")).status).toBe(403);
  expect((await kit.auditOf(ann.userId))[0]).toMatchObject({
    summary: "Made ann@acme.test a client (no longer staff)",
  });
});

test("the owner of a company with other members is not promoted: 409, nothing changed", async () => {
  const beta = await givenCompany(t, { name: "Beta Ltd", owner: "bob@beta.test", members: ["joe@beta.test"] });
  const bob = beta.owner;
  const joe = beta.members[0]!;
  const refused = await expectError(kit.act(staff, bob.userId, "role", { role: "admin" }), 409);
  expect(refused).toMatchObject({
    reason: "owner-with-members",
    message:
      "bob@beta.test owns Beta Ltd, which has 1 other member. Staff do not belong to client companies: " +
      "make someone else its owner, or remove its other members, first.",
  });
  expect(await roleOf(bob.userId)).toBe("client");
  expect(await membershipsOf(bob.userId)).toHaveLength(1);
  expect(await kit.auditOf(bob.userId)).toEqual([]);
  expect(await kit.eventsOf(bob.userId)).toEqual([]);

  // A plain member leaves the company when promoted; the owner keeps it.
  await expectBody(kit.act(staff, joe.userId, "role", { role: "admin" }), 200, ZUserActionResponse);
  expect(await membershipsOf(joe.userId)).toEqual([]);
  expect(await membershipsOf(bob.userId)).toHaveLength(1);
});

test("the last active staff account is never made a client", async () => {
  await t.db.update(user).set({ role: "client" }).where(ne(user.id, staff.userId));
  const refused = await expectError(kit.act(staff, staff.userId, "role", { role: "client" }), 409);
  expect(refused).toMatchObject({
    reason: "last-staff",
    message: "This is the last active staff account: make someone else staff before making it a client.",
  });
  expect(await roleOf(staff.userId)).toBe("admin");
  expect((await expectError(kit.act(staff, staff.userId, "role", { role: "admin" }), 409)).message).toBe(
    "sam@agency.test is already staff.",
  );
  expect((await expectError(kit.act(staff, staff.userId, "role", { role: "root" }), 400)).fields).toEqual({
    role: "Role must be client or admin",
  });
  expect(await kit.auditOf(staff.userId)).toEqual([]);
});

test("two demotions at once cannot both pass", async () => {
  await t.db.update(user).set({ role: "client" }).where(eq(user.role, "admin"));
  const kim = await givenStaff(t, "kim@agency.test");
  const lee = await givenStaff(t, "lee@agency.test");
  try {
    // Each demotes the other: either alone would be allowed, both together would leave no staff.
    const outcomes = await Promise.allSettled([
      setUserRole(actor(kim), { userId: lee.userId, role: "client" }),
      setUserRole(actor(lee), { userId: kim.userId, role: "client" }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(((outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult).reason as AppError).status).toBe(
      403,
    );
    // Two staff demoting themselves at once: one stays.
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, lee.userId));
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, kim.userId));
    const selves = await Promise.allSettled([
      setUserRole(actor(kim), { userId: kim.userId, role: "client" }),
      setUserRole(actor(lee), { userId: lee.userId, role: "client" }),
    ]);
    expect(selves.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(
      ((selves.find((o) => o.status === "rejected") as PromiseRejectedResult).reason as AppError).options.reason,
    ).toBe("last-staff");
    expect([await roleOf(kim.userId), await roleOf(lee.userId)].filter((role) => role === "admin")).toHaveLength(1);
  } finally {
    await t.db.update(user).set({ role: "admin" }).where(eq(user.id, staff.userId));
  }
});

test("a banned client is not made staff", async () => {
  const cy = await givenClient(t, "cy@acme.test");
  await kit.act(staff, cy.userId, "ban", { reason: "Spam" });
  expect((await expectError(kit.act(staff, cy.userId, "role", { role: "admin" }), 409)).message).toBe(
    "cy@acme.test is banned: unban them before making them staff.",
  );
  expect(await roleOf(cy.userId)).toBe("client");
});
