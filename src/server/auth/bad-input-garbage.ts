import { JSON_TYPE, long, raw, type Init } from "./bad-input-helpers";

/** The garbage every Better Auth endpoint is swept with: bodies for POST, query strings for GET. */

export const GARBAGE: [string, Init][] = [
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
export const QUERIES = [
  "",
  "?token=",
  `?token=${long(20_000)}`,
  "?id=x&id=y",
  "?limit=abc&offset=-1&sortBy=password",
  "?callbackURL=javascript:alert(1)",
  "?disableCookieCache=maybe",
];
