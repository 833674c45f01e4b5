import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { companyStatusAt } from "../db/company-status";
import { user } from "../db/schema/auth";
import { company, companyMember } from "../db/schema/companies";
import { PASSWORD, confirmedClient, pathOf, shape, signIn, signUp, userRow } from "../test/auth-helpers";
import { createTestRuntime, latestLink, type TestRuntime } from "../test/test-runtime";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
});
afterAll(() => t.close());

async function companiesOf(email: string) {
  return t.db
    .select({ name: company.name, role: companyMember.role, status: companyStatusAt(new Date()) })
    .from(companyMember)
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(user.email, email));
}

const mailKinds = async (email: string) => (await t.outbox(email)).map((m) => m.kind).sort();

describe("sign up", () => {
  test("creates an unconfirmed client with a lower-cased email, tags stripped, and a company they own", async () => {
    const res = await signUp(t, {
      email: "  Ann.Smith@Acme.IO ",
      name: "<b>Ann</b> <i>Smith</i>",
      company: "Acme <script>x</script>Ltd",
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { token: unknown; user: Record<string, unknown> };
    expect(body.token).toBeNull();
    expect(body.user).toMatchObject({
      email: "ann.smith@acme.io",
      name: "Ann Smith",
      emailVerified: false,
      role: "client",
    });
    expect(res.headers.getSetCookie()).toEqual([]);

    const row = await userRow(t, "ann.smith@acme.io");
    expect(row).toMatchObject({ name: "Ann Smith", emailVerified: false, role: "client" });
    expect(await companiesOf("ann.smith@acme.io")).toEqual([{ name: "Acme xLtd", role: "owner", status: "trial" }]);
    expect(await mailKinds("ann.smith@acme.io")).toEqual(["confirm-email"]);
    expect(await latestLink(t, "ann.smith@acme.io", "confirm-email")).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/,
    );
  });

  test("names the company after the email domain when none is given", async () => {
    expect((await signUp(t, { email: "ops@acme-corp.com", name: "Ops" })).status).toBe(200);
    expect((await signUp(t, { email: "jane.doe@gmail.com", name: "Jane", company: "  " })).status).toBe(200);
    expect(await companiesOf("ops@acme-corp.com")).toEqual([
      expect.objectContaining({ name: "Acme Corp", role: "owner" }),
    ]);
    expect(await companiesOf("jane.doe@gmail.com")).toEqual([
      expect.objectContaining({ name: "Jane Doe", role: "owner" }),
    ]);
  });

  test("name and company are optional", async () => {
    const res = await signUp(t, { email: "bare@example.org" });
    expect(res.status).toBe(200);
    expect(await userRow(t, "bare@example.org")).toMatchObject({ name: "" });
    expect(await companiesOf("bare@example.org")).toEqual([
      expect.objectContaining({ name: "Example", role: "owner" }),
    ]);
  });

  test("cannot make a staff account or a confirmed one", async () => {
    const asStaff = await signUp(t, { email: "sneaky@example.org", role: "admin" });
    expect(asStaff.status).toBe(400);
    expect(await asStaff.json()).toMatchObject({ message: expect.any(String) });
    expect(await userRow(t, "sneaky@example.org")).toBeUndefined();

    // Unknown keys are refused outright, so nothing can be set that the form does not send.
    const confirmed = await signUp(t, { email: "sneaky2@example.org", emailVerified: true });
    expect(confirmed.status).toBe(400);
    expect(await confirmed.json()).toMatchObject({ message: 'Unrecognized key: "emailVerified"' });
    expect(await userRow(t, "sneaky2@example.org")).toBeUndefined();
  });

  test("an address that already has an account gets the same answer, and its owner an email", async () => {
    const fresh = await signUp(t, { email: "taken@example.net", name: "Tess", company: "Taken Inc" });
    const again = await signUp(t, {
      email: "TAKEN@example.net",
      name: "Tess",
      company: "Taken Inc",
      password: "another password",
    });
    expect(again.status).toBe(fresh.status);
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    const [a, b] = [
      (await fresh.json()) as { user: Record<string, unknown> },
      (await again.json()) as { user: Record<string, unknown> },
    ];
    expect(shape(b)).toEqual(shape(a));
    const comparable = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
    expect(comparable(b.user)).toEqual(comparable(a.user));
    expect(b.user.id).not.toBe(a.user.id);

    expect(await mailKinds("taken@example.net")).toEqual(["confirm-email", "existing-account"]);
    const existing = (await t.outbox("taken@example.net")).find((m) => m.kind === "existing-account");
    expect(existing?.text).toContain("http://localhost:3000/secure-login");
    // Nothing about the account changed: one user, one company, the first password.
    expect(await t.db.select().from(user).where(eq(user.email, "taken@example.net"))).toHaveLength(1);
    expect(await companiesOf("taken@example.net")).toHaveLength(1);
    await t.request(pathOf(await latestLink(t, "taken@example.net", "confirm-email")));
    expect((await signIn(t, "taken@example.net", "another password")).status).toBe(401);
    expect((await signIn(t, "taken@example.net", PASSWORD)).status).toBe(200);
  });

  test("a confirmed account signing up again is told by email too", async () => {
    await confirmedClient(t, "confirmed@example.net");
    const res = await signUp(t, { email: "confirmed@example.net", name: "Test Client" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      token: null,
      user: { email: "confirmed@example.net", emailVerified: false, role: "client" },
    });
    expect(await mailKinds("confirmed@example.net")).toEqual(["confirm-email", "existing-account"]);
  });
});
