import { eq } from "drizzle-orm";
import { companyMember } from "../db/schema/companies";
import { signUpClient, signUpStaff, type SignedIn } from "./fixtures";
import type { TestRuntime } from "./test-runtime";

/**
 * The one way the server tests build the people they call the app as:
 *
 *     const t = await createTestRuntime();
 *     const staff = await givenStaff(t, "sam@agency.test");
 *     const acme = await givenCompany(t, { name: "Acme", owner: "ann@acme.test", members: ["bob@acme.test"] });
 *     await acme.owner.request("/api/company");              // as Ann
 *     await as(acme.members[0]!, "/api/company", { method: "PATCH", json: { … } }); // the same, as Bob
 *
 * Every person is made the way the app makes them (signed up and confirmed through the API),
 * and comes back signed in: their session cookie, ids, and `request` to call the app with it.
 */

type RequestInit = Parameters<TestRuntime["request"]>[1];

/** A signed-in person, with the call of the app as them. */
export interface Caller extends SignedIn {
  /**
   * Calls the app as this person (their session cookie; headers of `init` are added), from a
   * client address of its own on every call unless `init.ip` names one: no test's calls count
   * against another's rate limit.
   */
  request: (path: string, init?: RequestInit) => Promise<Response>;
}

/** The person's calls of the app, with their cookie. */
export function callerOf(t: TestRuntime, person: SignedIn): Caller {
  return {
    ...person,
    // A method: a copy with another cookie (`{ ...caller, cookie }`, a second session) calls with that one.
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set("cookie", [this.cookie, headers.get("cookie")].filter(Boolean).join("; "));
      return t.request(path, { ...init, ip: init.ip ?? t.newIp(), headers });
    },
  };
}

/**
 * Calls the app as a signed-in person: `as(who, path, init)` is `who.request(path, init)`. The one
 * meaning of `as` in the server tests.
 */
export const as = (who: Caller, path: string, init?: RequestInit) => who.request(path, init);

/**
 * A staff account (signed up, promoted as the create-admin command does, signed in again as staff,
 * with an authenticator app set up through the API: `totp` computes its codes). `secondFactor: false`:
 * a staff member who has not set one up yet, whom the staff area refuses.
 */
export async function givenStaff(t: TestRuntime, email: string, options?: { secondFactor?: boolean }): Promise<Caller> {
  return callerOf(t, await signUpStaff(t, email, options));
}

/** A client who signed up with a company of their own (`company`, else the app's default) and is its owner. */
export async function givenClient(t: TestRuntime, email: string, company?: string): Promise<Caller> {
  return callerOf(t, await signUpClient(t, email, company));
}

/** A member of a company: who they are, and the company they signed up with before joining (else the app's default). */
export type MemberSpec = string | { email: string; ownCompany?: string };

export interface GivenCompany {
  id: string;
  name: string;
  owner: Caller;
  /** The plain members, in the order given. */
  members: Caller[];
}

/**
 * A person who signed up with a company of their own, then was moved into the company `companyId`
 * as a plain member.
 */
export async function givenMember(t: TestRuntime, companyId: string, spec: MemberSpec): Promise<Caller> {
  const { email, ownCompany } = typeof spec === "string" ? { email: spec, ownCompany: undefined } : spec;
  const member = await givenClient(t, email, ownCompany);
  await t.db.delete(companyMember).where(eq(companyMember.userId, member.userId));
  await t.db.insert(companyMember).values({ companyId, userId: member.userId, role: "member" });
  return { ...member, companyId };
}

/** A client company: its owner signed up with it, and its plain members (see givenMember). */
export async function givenCompany(
  t: TestRuntime,
  { name, owner, members = [] }: { name: string; owner: string; members?: MemberSpec[] },
): Promise<GivenCompany> {
  const ownerCaller = await givenClient(t, owner, name);
  const id = ownerCaller.companyId!;
  const memberCallers: Caller[] = [];
  for (const spec of members) memberCallers.push(await givenMember(t, id, spec));
  return { id, name, owner: ownerCaller, members: memberCallers };
}
