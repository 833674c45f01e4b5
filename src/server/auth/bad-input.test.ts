import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { API_BODY_LIMIT_BYTES } from "../security/body-limit";
import { PASSWORD, confirmedClient, signIn, signedInStaff, userRow } from "../test/auth-helpers";
import { cookieFrom, createTestRuntime, type TestRuntime } from "../test/test-runtime";

/**
 * Bad input to the auth endpoints is a 4xx with a readable `message`, never a 500:
 * first a table of the endpoints the screens use, with the exact answers; then a sweep of
 * every endpoint Better Auth exposes with garbage, signed out, as a client and as staff.
 */

type Who = "anon" | "client" | "staff";
let t: TestRuntime;
const cookies: Record<Who, string> = { anon: "", client: "", staff: "" };
const accounts = { client: "bad-input-client@example.com", staff: "bad-input-staff@cogwork.test" } as const;

beforeAll(async () => {
  t = await createTestRuntime();
  cookies.client = await confirmedClient(t, accounts.client);
  cookies.staff = await signedInStaff(t, accounts.staff);
});
afterAll(() => t.close());

/** Signs in again if an endpoint under test ended the session (sign-out, revoke-sessions…). */
async function ensureSignedIn(who: Who) {
  if (who === "anon") return;
  if ((await t.request("/api/me", { headers: { cookie: cookies[who] } })).status === 200) return;
  cookies[who] = cookieFrom(await signIn(t, accounts[who]));
}

function call(who: Who, path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (cookies[who]) headers.set("cookie", cookies[who]);
  return t.request(path, { ...init, headers, ip: t.newIp() });
}

async function expectReadable(res: Response, context: string): Promise<string> {
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

const raw = (body: string, contentType?: string): RequestInit => ({
  method: "POST",
  headers: contentType ? { "content-type": contentType } : {},
  body,
});
const long = (n: number) => "x".repeat(n);
const JSON_TYPE = "application/json";

type Row = [
  label: string,
  who: Who,
  path: string,
  init: RequestInit & { json?: unknown },
  status: number,
  message: string | RegExp,
];

const sharedEmailRows = (path: string): Row[] => [
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

const rows: Row[] = [
  // Sign up
  ["sign-up: no body", "anon", "/api/auth/sign-up/email", { method: "POST" }, 415, /Content-Type .* is not allowed/],
  ...sharedEmailRows("/api/auth/sign-up/email").filter(([label]) => !label.endsWith("{}")),
  ["sign-up: {}", "anon", "/api/auth/sign-up/email", { json: {} }, 400, "email: Required"],
  [
    "sign-up: no password",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com" } },
    400,
    "password: Required",
  ],
  [
    "sign-up: password a number",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: 12345678 } },
    400,
    "password: Expected string, received number",
  ],
  [
    "sign-up: password too short",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "short" } },
    400,
    "password: String must contain at least 8 character(s)",
  ],
  [
    "sign-up: password empty",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "" } },
    400,
    "password: Required",
  ],
  [
    "sign-up: password too long",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: long(129) } },
    400,
    "password: String must contain at most 128 character(s)",
  ],
  [
    "sign-up: name an object",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", name: {} } },
    400,
    "name: Expected string, received object",
  ],
  [
    "sign-up: name null",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", name: null } },
    400,
    "name: Expected string, received object",
  ],
  [
    "sign-up: name too long",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", name: long(256) } },
    400,
    "name: String must contain at most 255 character(s)",
  ],
  [
    "sign-up: company an array",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", company: ["x"] } },
    400,
    "company: Expected string, received object",
  ],
  [
    "sign-up: company too long",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", company: long(5000) } },
    400,
    "company: String must contain at most 255 character(s)",
  ],
  [
    "sign-up: a role",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", role: "admin" } },
    400,
    'Unrecognized key: "role"',
  ],
  [
    "sign-up: an image",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", image: 5 } },
    400,
    'Unrecognized key: "image"',
  ],
  [
    "sign-up: foreign callbackURL",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", callbackURL: "https://evil.example/" } },
    403,
    "Invalid callbackURL",
  ],
  [
    "sign-up: body over the limit",
    "anon",
    "/api/auth/sign-up/email",
    { json: { email: "a@example.com", password: "password1", name: long(API_BODY_LIMIT_BYTES) } },
    413,
    "The request is too large.",
  ],

  // Sign in
  ...sharedEmailRows("/api/auth/sign-in/email").filter(([label]) => !label.endsWith("{}")),
  ["sign-in: {}", "anon", "/api/auth/sign-in/email", { json: {} }, 400, "email: Required"],
  [
    "sign-in: no password",
    "anon",
    "/api/auth/sign-in/email",
    { json: { email: "a@example.com" } },
    400,
    "password: Required",
  ],
  [
    "sign-in: empty password",
    "anon",
    "/api/auth/sign-in/email",
    { json: { email: "a@example.com", password: "" } },
    400,
    "password: Required",
  ],
  [
    "sign-in: password a boolean",
    "anon",
    "/api/auth/sign-in/email",
    { json: { email: "a@example.com", password: true } },
    400,
    "password: Required",
  ],
  [
    "sign-in: password too long",
    "anon",
    "/api/auth/sign-in/email",
    { json: { email: "a@example.com", password: long(129) } },
    400,
    "password: String must contain at most 128 character(s)",
  ],
  [
    "sign-in: rememberMe a string",
    "anon",
    "/api/auth/sign-in/email",
    { json: { email: "a@example.com", password: "password1", rememberMe: "yes" } },
    400,
    /rememberMe: .*expected boolean/,
  ],
  [
    "sign-in: body over the limit",
    "anon",
    "/api/auth/sign-in/email",
    raw(JSON.stringify({ email: "a@example.com", password: long(100_000) }), JSON_TYPE),
    413,
    "The request is too large.",
  ],

  // Resend confirmation, forgot password
  ...sharedEmailRows("/api/auth/send-verification-email"),
  ...sharedEmailRows("/api/auth/request-password-reset"),
  [
    "forgot password: foreign redirectTo",
    "anon",
    "/api/auth/request-password-reset",
    { json: { email: "a@example.com", redirectTo: "https://evil.example/" } },
    403,
    "Invalid redirectURL",
  ],

  // Reset password
  [
    "reset: not JSON",
    "anon",
    "/api/auth/reset-password",
    raw("token=x", JSON_TYPE),
    400,
    "Invalid JSON in request body",
  ],
  ["reset: {}", "anon", "/api/auth/reset-password", { json: {} }, 400, "token: Required"],
  [
    "reset: no new password",
    "anon",
    "/api/auth/reset-password",
    { json: { token: "abc" } },
    400,
    "newPassword: Required",
  ],
  [
    "reset: token a number",
    "anon",
    "/api/auth/reset-password",
    { json: { token: 5, newPassword: "password1" } },
    400,
    "token: Required",
  ],
  [
    "reset: token too long",
    "anon",
    "/api/auth/reset-password",
    { json: { token: long(600), newPassword: "password1" } },
    400,
    /^token: /,
  ],
  [
    "reset: new password too short",
    "anon",
    "/api/auth/reset-password",
    { json: { token: "abc", newPassword: "short" } },
    400,
    "newPassword: String must contain at least 8 character(s)",
  ],
  [
    "reset: new password too long",
    "anon",
    "/api/auth/reset-password",
    { json: { token: "abc", newPassword: long(129) } },
    400,
    "newPassword: String must contain at most 128 character(s)",
  ],
  [
    "reset: unknown token",
    "anon",
    "/api/auth/reset-password",
    { json: { token: "abc", newPassword: "password1" } },
    400,
    "Invalid token",
  ],
  ["reset link: no callbackURL", "anon", "/api/auth/reset-password/abc", {}, 400, /callbackURL/],
  [
    "reset link: foreign callbackURL",
    "anon",
    "/api/auth/reset-password/abc?callbackURL=https%3A%2F%2Fevil.example",
    {},
    403,
    "Invalid callbackURL",
  ],

  // Signed-in endpoints the account screens use
  ["sign-out: plain text", "client", "/api/auth/sign-out", raw("bye", "text/plain"), 415, /Content-Type/],
  ["sign-out: not JSON", "client", "/api/auth/sign-out", raw("{", JSON_TYPE), 400, "Invalid JSON in request body"],
  ["update-user: signed out", "anon", "/api/auth/update-user", { json: { name: "New" } }, 401, /./],
  [
    "update-user: name null",
    "client",
    "/api/auth/update-user",
    { json: { name: null } },
    400,
    "name: Expected string, received object",
  ],
  [
    "update-user: name of tags only",
    "client",
    "/api/auth/update-user",
    { json: { name: "<b></b>" } },
    400,
    "name: Required",
  ],
  [
    "update-user: name too long",
    "client",
    "/api/auth/update-user",
    { json: { name: long(5000) } },
    400,
    "name: String must contain at most 255 character(s)",
  ],
  [
    "update-user: image a number",
    "client",
    "/api/auth/update-user",
    { json: { image: 5 } },
    400,
    "image: Expected string, received number",
  ],
  [
    "update-user: a role",
    "client",
    "/api/auth/update-user",
    { json: { role: "admin" } },
    400,
    'Unrecognized key: "role"',
  ],
  ["update-user: NUL in the name", "client", "/api/auth/update-user", { json: { name: "Test\u0000 Client" } }, 200, ""],
  [
    "update-user: NUL in the image",
    "client",
    "/api/auth/update-user",
    { json: { image: "https://x.example/\u0000.png" } },
    400,
    "image: Must not contain control characters",
  ],
  [
    "update-user: nested 5,000 deep",
    "client",
    "/api/auth/update-user",
    raw(`{"name":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`, JSON_TYPE),
    400,
    "The request body nests deeper than 8 levels.",
  ],
  [
    "update-user: arrays nested 5,000 deep",
    "client",
    "/api/auth/update-user",
    raw(`{"image":${"[".repeat(5000)}${"]".repeat(5000)}}`, JSON_TYPE),
    400,
    "The request body nests deeper than 8 levels.",
  ],
  ["update-user: nothing", "client", "/api/auth/update-user", { json: {} }, 400, "No fields to update"],
  ["change-password: {}", "client", "/api/auth/change-password", { json: {} }, 400, "currentPassword: Required"],
  [
    "change-password: too short",
    "client",
    "/api/auth/change-password",
    { json: { currentPassword: "whatever1", newPassword: "short" } },
    400,
    "newPassword: String must contain at least 8 character(s)",
  ],
  [
    "change-password: too long",
    "client",
    "/api/auth/change-password",
    { json: { currentPassword: "whatever1", newPassword: long(129) } },
    400,
    "newPassword: String must contain at most 128 character(s)",
  ],
  [
    "change-password: wrong current",
    "client",
    "/api/auth/change-password",
    { json: { currentPassword: "whatever1", newPassword: "password12" } },
    400,
    "Invalid password",
  ],
  ["delete-user: no password", "client", "/api/auth/delete-user", { json: {} }, 400, "password: Required"],
  [
    "delete-user: wrong password",
    "client",
    "/api/auth/delete-user",
    { json: { password: "not-my-password" } },
    400,
    "Invalid password",
  ],
  [
    "change-email: invalid",
    "client",
    "/api/auth/change-email",
    { json: { newEmail: "nope" } },
    400,
    "newEmail: Invalid email",
  ],
  ["change-email: signed out", "anon", "/api/auth/change-email", { json: { newEmail: "a@example.com" } }, 401, /./],
  ["revoke-session: token a number", "client", "/api/auth/revoke-session", { json: { token: 5 } }, 400, /token/],
  [
    "revoke-session: NUL in the token",
    "client",
    "/api/auth/revoke-session",
    { json: { token: "abc\u0000" } },
    400,
    "token: Must not contain control characters",
  ],
  [
    "sign-in: an unknown key",
    "anon",
    "/api/auth/sign-in/email",
    { json: { email: "a@example.com", password: "password1", extra: 1 } },
    400,
    'Unrecognized key: "extra"',
  ],

  // Staff endpoints
  [
    "admin create-user: as a client",
    "client",
    "/api/auth/admin/create-user",
    { json: { email: "n@example.com", password: "password1", name: "N" } },
    403,
    /not allowed/,
  ],
  [
    "admin create-user: signed out",
    "anon",
    "/api/auth/admin/create-user",
    { json: { email: "n@example.com", password: "password1", name: "N" } },
    401,
    "Please sign in to continue.",
  ],
  [
    "admin create-user: short password",
    "staff",
    "/api/auth/admin/create-user",
    { json: { email: "n@example.com", password: "short", name: "N" } },
    400,
    "password: String must contain at least 8 character(s)",
  ],
  [
    "admin create-user: unknown role",
    "staff",
    "/api/auth/admin/create-user",
    { json: { email: "n@example.com", password: "password1", role: "root" } },
    400,
    "role: Role must be one of: client, admin",
  ],
  [
    "admin create-user: bad data",
    "staff",
    "/api/auth/admin/create-user",
    { json: { email: "n@example.com", password: "password1", data: { emailVerified: "yes" } } },
    400,
    /data.emailVerified/,
  ],
  [
    "admin create-user: unknown data",
    "staff",
    "/api/auth/admin/create-user",
    { json: { email: "n@example.com", password: "password1", data: { createdAt: "never" } } },
    400,
    /Unrecognized key/,
  ],
  [
    "admin update-user: no userId",
    "staff",
    "/api/auth/admin/update-user",
    { json: { data: { name: "x" } } },
    400,
    "userId: Required",
  ],
  [
    "admin update-user: name null",
    "staff",
    "/api/auth/admin/update-user",
    { json: { userId: "x", data: { name: null } } },
    400,
    "data.name: Expected string, received object",
  ],
  [
    "admin update-user: a date",
    "staff",
    "/api/auth/admin/update-user",
    { json: { userId: "x", data: { banExpires: "never" } } },
    400,
    /Unrecognized key/,
  ],
  [
    "admin update-user: unknown user",
    "staff",
    "/api/auth/admin/update-user",
    { json: { userId: "nobody", data: { name: "x" } } },
    404,
    "User not found",
  ],
  [
    "admin set-role: unknown role",
    "staff",
    "/api/auth/admin/set-role",
    { json: { userId: "nobody", role: "root" } },
    400,
    "role: Role must be one of: client, admin",
  ],
  [
    "admin ban-user: NUL in the user id",
    "staff",
    "/api/auth/admin/ban-user",
    { json: { userId: "a\u0000b" } },
    400,
    "userId: Must not contain control characters",
  ],
  [
    "admin ban-user: an unknown key",
    "staff",
    "/api/auth/admin/ban-user",
    { json: { userId: "nobody", banned: true } },
    400,
    'Unrecognized key: "banned"',
  ],
  [
    "admin has-permission: signed out",
    "anon",
    "/api/auth/admin/has-permission",
    { json: { permissions: { user: ["list"] } } },
    401,
    "Please sign in to continue.",
  ],
  ["admin list-users: signed out", "anon", "/api/auth/admin/list-users", {}, 401, "Please sign in to continue."],
];

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

const GARBAGE: [string, RequestInit & { json?: unknown }][] = [
  ["no body", { method: "POST" }],
  ["empty JSON body", raw("", JSON_TYPE)],
  ["broken JSON", raw('{"a":', JSON_TYPE)],
  ["plain text", raw("a=b", "text/plain")],
  ["form", raw("email=x&password=y&userId=z", "application/x-www-form-urlencoded")],
  ["null", { json: null }],
  ["array", { json: [1, "two", { three: 3 }] }],
  ["number", { json: 42 }],
  ["{}", { json: {} }],
  [
    "wrong types",
    {
      json: {
        email: 1,
        password: [],
        name: {},
        company: 5,
        token: 7,
        newPassword: false,
        currentPassword: 1,
        userId: {},
        sessionToken: 3,
        role: 9,
        data: "x",
        banReason: [],
        banExpiresIn: "soon",
        permissions: 5,
        callbackURL: 4,
        redirectTo: 5,
        newEmail: 6,
        image: 7,
        providerId: 8,
        accountId: 9,
        provider: 10,
        idToken: 11,
        rememberMe: "no",
        revokeOtherSessions: "yes",
        query: 1,
      },
    },
  ],
  [
    "nulls",
    {
      json: {
        email: null,
        password: null,
        name: null,
        token: null,
        newPassword: null,
        userId: null,
        role: null,
        data: null,
        image: null,
      },
    },
  ],
  [
    "long strings",
    {
      json: Object.fromEntries(
        [
          "email",
          "password",
          "name",
          "company",
          "token",
          "newPassword",
          "currentPassword",
          "userId",
          "sessionToken",
          "newEmail",
          "providerId",
          "accountId",
        ].map((key) => [key, long(4000)]),
      ),
    },
  ],
  ["huge", { json: { email: `${long(300_000)}@example.com`, password: long(300_000) } }],
];
const QUERIES = [
  "",
  "?token=",
  `?token=${long(20_000)}`,
  "?id=x&id=y",
  "?limit=abc&offset=-1&sortBy=password",
  "?callbackURL=javascript:alert(1)",
  "?disableCookieCache=maybe",
];

describe("control characters in a staff action", () => {
  test("a ban reason with NUL is stored without it, never a 500", async () => {
    const email = "nul-ban-target@example.com";
    await t.auth.api.createUser({
      body: { email, password: PASSWORD, name: "Target", role: "client", data: { emailVerified: true } },
    });
    const target = await userRow(t, email);
    const res = await call("staff", "/api/auth/admin/ban-user", {
      json: { userId: target!.id, banReason: "spam\u0000 account" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await userRow(t, email))?.banReason).toBe("spam account");
  });
});

describe("every Better Auth endpoint survives garbage", () => {
  const endpoints = () =>
    Object.values(t.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>)
      .filter((endpoint) => typeof endpoint.path === "string")
      .map((endpoint) => ({
        path: `/api/auth${endpoint.path!.replace(":id", "credential").replace(":token", "not-a-token")}`,
        methods: [endpoint.options?.method ?? "GET"].flat(),
      }));

  test("the sweep covers the endpoints we rely on", () => {
    const paths = endpoints().map((e) => e.path);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/email",
      "/api/auth/sign-out",
      "/api/auth/send-verification-email",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
      "/api/auth/admin/set-role",
    ]) {
      expect(paths).toContain(path);
    }
  });

  test.each(["anon", "client", "staff"] as const)(
    "as %s",
    async (who) => {
      await ensureSignedIn(who);
      for (const { path, methods } of endpoints()) {
        const attempts = [
          ...(methods.includes("POST")
            ? GARBAGE.map(([what, init]) => ({ label: `POST ${path} with ${what}`, target: path, init }))
            : []),
          ...(methods.includes("GET")
            ? QUERIES.map((query) => ({
                label: `GET ${path}${query.slice(0, 40)}`,
                target: `${path}${query}`,
                init: {},
              }))
            : []),
        ];
        for (const { label, target, init } of attempts) {
          const res = await call(who, target, init);
          await expectReadable(res, `${who} ${label}`);
          // Only an accepted call can have ended the session (sign-out, revoke-sessions…).
          if (res.status < 400) await ensureSignedIn(who);
        }
      }
    },
    180_000,
  );
});
