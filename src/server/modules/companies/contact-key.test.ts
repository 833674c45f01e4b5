import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZListClientsResponse } from "../../../shared/clients";
import { user } from "../../db/schema/auth";
import { company, companyMember, companyStanding } from "../../db/schema/companies";
import { givenStaff, type Caller } from "../../test/given";
import { expectBody } from "../../test/responses";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { mainContactsOf } from "./client-contacts";
import { seedClient } from "./clients-test-kit";

vi.setConfig({ testTimeout: 120_000 });

/*
 * The clients table sorts by contact on a key the database keeps (company_standing.contact_key,
 * migration 0034). Whatever writes the members and accounts, the key must stay the one of the
 * contact the table shows, or the sort drifts from what staff read.
 */

let t: TestRuntime;
let staff: Caller;
const ids: string[] = [];
beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
}, 240_000);
afterAll(() => t.close());

const newUser = async (name: string, email: string) => {
  const id = randomUUID();
  await t.db.insert(user).values({ id, name, email, emailVerified: true });
  return id;
};
const join = (companyId: string, userId: string, role: "owner" | "member", createdAt = new Date()) =>
  t.db.insert(companyMember).values({ companyId, userId, role, createdAt });

/** Each company's stored key beside the key of the contact the table shows (owners only). */
async function storedAndShown() {
  const stored = await t.db
    .select({ id: companyStanding.companyId, key: companyStanding.contactKey })
    .from(companyStanding)
    .where(inArray(companyStanding.companyId, ids));
  const shown = await mainContactsOf(t.db, ids);
  return stored.map((row) => {
    const contact = shown.get(row.id);
    // A contact with a name (even an empty one) is an owner; without, an invitation's address.
    const ownerKey = contact && contact.name !== null ? (contact.name || contact.email)!.toLowerCase() : null;
    return { id: row.id, stored: row.key, shown: ownerKey };
  });
}

async function expectKeysFollowContacts(step: string) {
  const rows = await storedAndShown();
  expect(rows.length, step).toBe(ids.length);
  for (const row of rows) expect(row.stored, `${step}: company ${row.id}`).toBe(row.shown);
  // And the table, sorted by contact, is in the order of the contacts it shows.
  for (const dir of ["asc", "desc"] as const) {
    const body = await expectBody(
      t.request(`/api/staff/companies?sort=contact&dir=${dir}&pageSize=100&q=key%20co`, {
        headers: { cookie: staff.cookie },
      }),
      200,
      ZListClientsResponse,
    );
    const keys = body.clients.map((c) =>
      c.mainContact ? (c.mainContact.name || c.mainContact.email).toLowerCase() : null,
    );
    const present = keys.filter((key): key is string => key !== null);
    const sorted = [...present].sort();
    expect(present, `${step}, ${dir}`).toEqual(dir === "asc" ? sorted : sorted.reverse());
    expect(
      keys.slice(present.length).every((key) => key === null),
      `${step}, ${dir}: no contact last`,
    ).toBe(true);
  }
}

test("the stored sort key follows owners and their accounts through every kind of write", async () => {
  const a = await seedClient(t, { name: "Key Co A", owner: { name: "Mia North", email: "mia@a.test" } });
  const b = await seedClient(t, { name: "Key Co B", invitation: "zed@b.test" });
  const c = await seedClient(t, { name: "Key Co C" });
  ids.push(a, b, c);
  await expectKeysFollowContacts("seeded");
  const [mia] = await t.db
    .select({ id: companyMember.userId })
    .from(companyMember)
    .where(eq(companyMember.companyId, a));

  // A member who is not an owner changes nothing; an owner joining later does not take the place.
  const later = new Date(Date.now() + 60_000);
  await join(a, await newUser("Aaron Early", "aaron@a.test"), "member");
  await join(a, await newUser("Abe Second", "abe@a.test"), "owner", later);
  await expectKeysFollowContacts("a member and a second owner");

  // The owner renamed, then without a name (the email is the contact), then a new email.
  await t.db.update(user).set({ name: "Ola West" }).where(eq(user.id, mia!.id));
  await expectKeysFollowContacts("renamed");
  await t.db.update(user).set({ name: "" }).where(eq(user.id, mia!.id));
  await expectKeysFollowContacts("no name");
  await t.db.update(user).set({ email: "ola@a.test" }).where(eq(user.id, mia!.id));
  await expectKeysFollowContacts("new email");

  // B gets an owner (the invitation no longer counts), C a member made owner.
  await join(b, await newUser("Bo Kim", "bo@b.test"), "owner");
  const cara = await newUser("Cara Lind", "cara@c.test");
  await join(c, cara, "member");
  await expectKeysFollowContacts("B owned, C with a member");
  await t.db
    .update(companyMember)
    .set({ role: "owner" })
    .where(and(eq(companyMember.companyId, c), eq(companyMember.userId, cara)));
  await expectKeysFollowContacts("C's member made owner");

  // A's first owner leaves: the second is the contact; C's owner's account is deleted: no contact.
  await t.db.delete(companyMember).where(and(eq(companyMember.companyId, a), eq(companyMember.userId, mia!.id)));
  await expectKeysFollowContacts("A's first owner left");
  await t.db.delete(user).where(eq(user.id, cara));
  await expectKeysFollowContacts("C's owner deleted");

  // Deleting a company with its members goes through (the key's trigger runs in the cascade).
  await t.db.delete(company).where(eq(company.id, c));
  ids.splice(ids.indexOf(c), 1);
  await expectKeysFollowContacts("C deleted");
  const stored = await storedAndShown();
  expect(stored.map((row) => row.stored !== null)).toEqual([true, true]);
});
