import { eq } from "drizzle-orm";
import { user } from "../db/schema/auth";
import { enrolAuthenticator } from "./fixtures";
import { cookieFrom, latestLink, type TestRuntime } from "./test-runtime";

/** "http://localhost:3000/api/x?y=1" → "/api/x?y=1", ready for t.request. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

export const PASSWORD = "correct horse battery";

export function signUp(t: TestRuntime, body: Record<string, unknown>, ip = t.newIp()) {
  return t.request("/api/auth/sign-up/email", { json: { password: PASSWORD, ...body }, ip });
}

export function signIn(t: TestRuntime, email: string, password = PASSWORD, ip = t.newIp()) {
  return t.request("/api/auth/sign-in/email", { json: { email, password }, ip });
}

/** A client who signed up and clicked the confirmation link; returns their session cookie. */
export async function confirmedClient(
  t: TestRuntime,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await signUp(t, { email, name: "Test Client", ...extra });
  if (res.status !== 200) throw new Error(`sign-up of ${email} answered ${res.status}: ${await res.text()}`);
  const confirm = await t.request(pathOf(await latestLink(t, email, "confirm-email")));
  const cookie = cookieFrom(confirm);
  if (!cookie)
    throw new Error(`confirmation of ${email} set no cookie (${confirm.status} ${confirm.headers.get("location")})`);
  return cookie;
}

/** A staff account made the way the create-admin command makes one; returns a session cookie. */
export async function signedInStaff(t: TestRuntime, email: string): Promise<string> {
  await t.auth.api.createUser({
    body: { email, password: PASSWORD, name: "Staff Member", role: "admin", data: { emailVerified: true } },
  });
  const res = await signIn(t, email);
  if (res.status !== 200) throw new Error(`staff sign-in answered ${res.status}: ${await res.text()}`);
  const { user: created } = (await res.json()) as { user: { id: string } };
  // Staff set up a second factor before the staff area opens to them.
  const enrolled = await enrolAuthenticator(t, { cookie: cookieFrom(res), userId: created.id, email, companyId: null });
  return enrolled.cookie;
}

export async function userRow(t: TestRuntime, email: string) {
  const [row] = await t.db.select().from(user).where(eq(user.email, email));
  return row;
}

/** The JSON value with every leaf replaced by its type: two answers with one shape compare equal. */
export function shape(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shape(inner)]),
    );
  }
  return typeof value;
}
