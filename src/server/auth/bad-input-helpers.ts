import { expect } from "vitest";
import { confirmedClient, signIn, signedInStaff } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../test/test-runtime";

/** What the bad-input tests share: who calls, how they call, and what a readable refusal is. */

export type Who = "anon" | "client" | "staff";
export type Init = RequestInit & { json?: unknown };
const accounts = { client: "bad-input-client@example.com", staff: "bad-input-staff@cogwork.test" } as const;

/** A runtime with a signed-in client and staff member, and calls made as either or signed out. */
export async function startBadInputRuntime() {
  const t: TestRuntime = await createTestRuntime();
  const cookies: Record<Who, string> = { anon: "", client: "", staff: "" };
  cookies.client = await confirmedClient(t, accounts.client);
  cookies.staff = await signedInStaff(t, accounts.staff);

  /** Signs in again if an endpoint under test ended the session (sign-out, revoke-sessions…). */
  async function ensureSignedIn(who: Who) {
    if (who === "anon") return;
    if ((await t.request("/api/me", { headers: { cookie: cookies[who] } })).status === 200) return;
    cookies[who] = cookieFrom(await signIn(t, accounts[who]));
  }

  function call(who: Who, path: string, init: Init = {}) {
    const headers = new Headers(init.headers);
    if (cookies[who]) headers.set("cookie", cookies[who]);
    return t.request(path, { ...init, headers, ip: t.newIp() });
  }

  return { t, ensureSignedIn, call };
}

export type BadInputRuntime = Awaited<ReturnType<typeof startBadInputRuntime>>;

export async function expectReadable(res: Response, context: string): Promise<string> {
  const text = await res.text();
  expect(res.status, `${context}: ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status < 400) return "";
  expect(res.headers.get("content-type"), context).toMatch(/application\/json/);
  const body = JSON.parse(text) as { message?: unknown };
  expect(typeof body.message, `${context}: ${text.slice(0, 200)}`).toBe("string");
  const message = body.message as string;
  expect(message.trim().length, context).toBeGreaterThan(0);
  expect(message.length, context).toBeLessThan(400);
  expect(message, context).not.toMatch(/\bat .+:\d+:\d+|Error:|undefined is not|\[object Object\]/);
  return message;
}

export const raw = (body: string, contentType?: string): RequestInit => ({
  method: "POST",
  headers: contentType ? { "content-type": contentType } : {},
  body,
});
export const long = (n: number) => "x".repeat(n);
export const JSON_TYPE = "application/json";

export type Row = [label: string, who: Who, path: string, init: Init, status: number, message: string | RegExp];

/** The answers every endpoint taking an email gives to a bad one. */
export const sharedEmailRows = (path: string): Row[] => [
  [`${path}: empty body`, "anon", path, raw("", JSON_TYPE), 400, "Invalid JSON in request body"],
  [`${path}: not JSON`, "anon", path, raw("{email:", JSON_TYPE), 400, "Invalid JSON in request body"],
  [`${path}: plain text`, "anon", path, raw("hello", "text/plain"), 415, /Content-Type "text\/plain" is not allowed/],
  [`${path}: {}`, "anon", path, { json: {} }, 400, "email: Required"],
  [`${path}: an array`, "anon", path, { json: [] }, 400, /expected object, received array/],
  [`${path}: null`, "anon", path, { json: null }, 400, /Required|expected object/],
  [`${path}: email a number`, "anon", path, { json: { email: 42 } }, 400, "email: Expected string, received number"],
  [
    `${path}: email an object`,
    "anon",
    path,
    { json: { email: { $ne: "" } } },
    400,
    "email: Expected string, received object",
  ],
  [`${path}: invalid email`, "anon", path, { json: { email: "not-an-email" } }, 400, "email: Invalid email"],
  [`${path}: email of tags only`, "anon", path, { json: { email: "<b></b>" } }, 400, "email: Required"],
  [
    `${path}: email too long`,
    "anon",
    path,
    { json: { email: `${long(300)}@example.com` } },
    400,
    "email: String must contain at most 255 character(s)",
  ],
];
