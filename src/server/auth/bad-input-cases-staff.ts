import { type Row } from "./bad-input-helpers";

/** Bad input to the staff endpoints on accounts (/api/staff/users), and Better Auth's admin endpoints, which are off. */

const off = (method: "GET" | "POST", path: string) => `No API endpoint at ${method} ${path}.`;

export const staffRows: Row[] = [
  // Better Auth's own admin endpoints bypass the audit log: switched off for everyone.
  ...(["anon", "client", "staff"] as const).flatMap((who): Row[] => [
    [
      `admin ban-user as ${who}: off`,
      who,
      "/api/auth/admin/ban-user",
      { json: { userId: "nobody" } },
      404,
      off("POST", "/api/auth/admin/ban-user"),
    ],
    [
      `admin set-role as ${who}: off`,
      who,
      "/api/auth/admin/set-role",
      { json: { userId: "nobody", role: "admin" } },
      404,
      off("POST", "/api/auth/admin/set-role"),
    ],
    [
      `admin list-users as ${who}: off`,
      who,
      "/api/auth/admin/list-users",
      {},
      404,
      off("GET", "/api/auth/admin/list-users"),
    ],
  ]),
  [
    "admin create-user: off",
    "staff",
    "/api/auth/admin/create-user",
    { json: { email: "n@example.com", password: "password1", name: "N" } },
    404,
    off("POST", "/api/auth/admin/create-user"),
  ],
  [
    "admin impersonate-user: off",
    "staff",
    "/api/auth/admin/impersonate-user",
    { json: { userId: "nobody" } },
    404,
    off("POST", "/api/auth/admin/impersonate-user"),
  ],
  // The staff endpoints that replace them
  ["users: signed out", "anon", "/api/staff/users", {}, 401, "Please sign in to continue."],
  ["users: as a client", "client", "/api/staff/users", {}, 403, "This area is for agency staff only."],
  ["users: unknown role", "staff", "/api/staff/users?role=root", {}, 400, "role: Role must be client or admin"],
  ["users: NUL in the search", "staff", "/api/staff/users?q=a%00b", {}, 400, "q: Must not contain control characters"],
  ["users: days not a number", "staff", "/api/staff/users?signedUpWithin=week", {}, 400, /signedUpWithin: /],
  ["ban: no reason", "staff", "/api/staff/users/nobody/ban", { json: {} }, 400, "reason: Required"],
  [
    "ban: reason of tags only",
    "staff",
    "/api/staff/users/nobody/ban",
    { json: { reason: "<b></b>" } },
    400,
    "reason: Required",
  ],
  [
    "ban: an unknown key",
    "staff",
    "/api/staff/users/nobody/ban",
    { json: { reason: "spam", banned: true } },
    400,
    /Unrecognized key/,
  ],
  [
    "ban: unknown account",
    "staff",
    "/api/staff/users/nobody/ban",
    { json: { reason: "spam" } },
    404,
    "There is no such account.",
  ],
  [
    "ban: a malformed id",
    "staff",
    "/api/staff/users/a%00b/ban",
    { json: { reason: "spam" } },
    404,
    "There is no such object.",
  ],
  [
    "role: unknown role",
    "staff",
    "/api/staff/users/nobody/role",
    { json: { role: "root" } },
    400,
    "role: Role must be client or admin",
  ],
  [
    "role: as a client",
    "client",
    "/api/staff/users/nobody/role",
    { json: { role: "admin" } },
    403,
    "This area is for agency staff only.",
  ],
];
