import fc from "fast-check";

/** Built once: generating a megabyte inside every run would cost more than sending it. */
const MEGABYTE = "x".repeat(1024 * 1024 - 16);
const ANGLES = "<a".repeat(30_000);
const DEEP_OBJECT = `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`;
const DEEP_ARRAY = `${"[".repeat(5000)}${"]".repeat(5000)}`;
/** Raw MIME for the inbound mail endpoint: thousands of parts, and a NUL byte in the text. */
const MIME_PARTS = `Content-Type: multipart/mixed; boundary=b\r\n\r\n${"--b\r\nContent-Type: text/plain\r\n\r\nx\r\n".repeat(20_000)}--b--\r\n`;
const MIME_NUL =
  "From: dana@example.com\r\nTo: reply+00000000000000000000000000000000@reply.cogwork.test\r\n\r\nINV-\u00002041\r\n";

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u202Eevil\u202C",
    "\u0007\u001b[31m",
    "\ud800",
    "2026-02-30",
    "2026-13-01",
    "9999-99-99",
    // Real dates outside any plausible window: once a 500 from day arithmetic or the database.
    "9999-12-31",
    "0000-01-01",
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "+275760-09-13T00:00:00Z",
    "00000000-0000-0000-0000-000000000000",
    "not-a-uuid",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "%00",
    "%E0%A4%A",
    "/\\evil.example",
    "javascript:alert(1)",
    "-1",
    "1e309",
    "NaN",
  ),
  fc.constantFrom(ANGLES, MEGABYTE.slice(0, 70_000)),
);

/** Control characters get their own share: NUL is what PostgreSQL refuses in text. */
const controlChars = fc.constantFrom("\u0000", "Dana\u0000", "a\u0000b\u0007", "\u202Eevil\u202C", "line\u000bbreak");

const leaf = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

/** Keys our endpoints and Better Auth's read, so that generated values reach their checks. */
const KNOWN_KEYS = [
  "email",
  "password",
  "name",
  "company",
  "message",
  "phone",
  "website",
  "token",
  "newPassword",
  "currentPassword",
  "userId",
  "role",
  "banReason",
  "banExpiresIn",
  "image",
  "newEmail",
  "callbackURL",
  "companyId",
  "platform",
  "status",
  "purpose",
  "triggerDescription",
  "expectedEveryMinutes",
  "minutesSavedPerRun",
  "failureThreshold",
  "externalRunId",
  "startedAt",
  "finishedAt",
  "runs",
  "runId",
  "assigneeId",
  "watcherIds",
  "wishedDate",
  "targetDate",
  "paidOn",
  "hourlyValueMinor",
  "minutes",
  "data",
  "__proto__",
  "constructor",
];

const jsonObject = fc.dictionary(fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ maxLength: 8 })), leaf, {
  maxKeys: 6,
});

/** Good values for the keys our forms send: a body of some of them gets past the first checks. */
const plausible = (realIds: string[]): Record<string, unknown> => ({
  name: "Dana",
  email: "dana@example.com",
  message: "Our invoices are typed by hand.",
  company: "Acme",
  companyId: realIds[2],
  purpose: "Copies invoices.",
  platform: "n8n",
  triggerDescription: "Every hour",
  minutesSavedPerRun: 5,
  externalRunId: "run-1",
  status: "success",
  startedAt: "2026-03-10T09:00:00Z",
  token: "abc",
  userId: realIds[3],
  banReason: "spam",
  image: "https://example.com/a.png",
  hourlyValueMinor: 5000,
});

/** Some good fields with one or two hostile ones in their place. */
const almostValid = (realIds: string[]) => {
  const good = plausible(realIds);
  const keys = Object.keys(good);
  return fc
    .tuple(
      fc.oneof(fc.constant(keys), fc.subarray(keys, { minLength: 1 })),
      fc.dictionary(fc.constantFrom(...keys), fc.oneof(controlChars, leaf), { minKeys: 1, maxKeys: 2 }),
      // A fresh address each time, so that per-address limits do not stop the checks behind them.
      fc.nat(),
    )
    .map(([picked, hostile, n]) => {
      const fields = Object.fromEntries(
        picked.map((key) => [key, key === "email" ? `fuzz${n}@example.com` : good[key]]),
      );
      return { contentType: "application/json", text: JSON.stringify({ ...fields, ...hostile }) };
    });
};

/** Bodies that are wrong as a whole, often not JSON at all. */
const junkBody = fc.oneof(
  jsonObject.map((value) => ({ contentType: "application/json", text: JSON.stringify(value) })),
  fc.array(leaf, { maxLength: 4 }).map((value) => ({ contentType: "application/json", text: JSON.stringify(value) })),
  leaf.map((value) => ({ contentType: "application/json", text: JSON.stringify(value) ?? "null" })),
  fc
    .constantFrom(DEEP_OBJECT, DEEP_ARRAY, `{"name":${DEEP_OBJECT}}`, '{"a":', "", "{'a':1}", "\u0000", "[1,]")
    .map((text) => ({ contentType: "application/json", text })),
  fc
    .constantFrom(`{"message":"${MEGABYTE}"}`, `{"email":"${MEGABYTE.slice(0, 60_000)}@example.com","password":"x"}`)
    .map((text) => ({ contentType: "application/json", text })),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "",
      ),
      hostileString,
    )
    .map(([contentType, text]) => ({ contentType, text })),
  fc.constantFrom(MIME_PARTS, MIME_NUL).map((text) => ({ contentType: "message/rfc822", text })),
);

/** Every good field at once, each text with a control character in it: reaches every text column. */
const controlCharsEverywhere = (realIds: string[]) =>
  fc.tuple(fc.constantFrom("\u0000", "\u202E", "\u0007"), fc.nat()).map(([char, n]) => {
    const fields = Object.entries({ ...plausible(realIds), email: `fuzz${n}@example.com` }).map(([key, value]) => [
      key,
      typeof value === "string" && key !== "companyId" && key !== "userId"
        ? `${value.slice(0, 2)}${char}${value.slice(2)}`
        : value,
    ]);
    return { contentType: "application/json", text: JSON.stringify(Object.fromEntries(fields)) };
  });

/** A request body with its content type, often not JSON at all. */
export const requestBody = (realIds: string[]) =>
  fc.oneof(
    { arbitrary: almostValid(realIds), weight: 3 },
    { arbitrary: controlCharsEverywhere(realIds), weight: 1 },
    { arbitrary: junkBody, weight: 4 },
  );

/** A value for one `:param` of a path. */
export const pathParam = (realIds: string[]) =>
  fc.oneof(
    hostileString.filter((value) => value.length < 2000),
    fc.uuid(),
    fc.constantFrom(...realIds),
  );

const QUERY_KEYS = [
  "from",
  "to",
  "page",
  "status",
  "search",
  "companyId",
  "token",
  "next",
  "limit",
  "offset",
  "callbackURL",
  "disableRefresh",
  "assigneeId",
  "priority",
  "breached",
  "type",
  "user",
  "ip",
  "cursor",
  "before",
  "after",
];

/** Query values once answered with a 500: every GET endpoint gets each of them, not left to chance. */
export const EXTREME_QUERIES = [
  "?to=9999-12-31",
  "?from=0000-01-01&to=9999-12-31",
  "?assigneeId=%00",
  "?assigneeId=a%00b",
  "?user=%00&ip=%00",
];

/** A query string of known and unknown keys with hostile values, including malformed escapes. */
export const queryString = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 })),
        hostileString.filter((value) => value.length < 5000),
      ),
      { minLength: 1, maxLength: 4 },
    )
    .map(
      (pairs) =>
        `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "?"))}`).join("&")}`,
    ),
  fc.constantFrom(
    "?from=2026-02-30",
    "?to=9999-99-99",
    "?search=%00",
    "?to=%00",
    "?page=%E0%A4%A",
    "?page=-1&page=2",
    "?status[]=x",
    "?next=/%5Cevil.example",
    ...EXTREME_QUERIES,
  ),
);
