import { describe, expect, test } from "vitest";
import { DEFAULT_NEXT_PATH, safeNextPath } from "./safe-next-path";

describe("safeNextPath", () => {
  test.each([
    ["/secure-dashboard", "/secure-dashboard"],
    ["/automations/123?tab=runs#latest", "/automations/123?tab=runs#latest"],
    ["/account?next=%2F%2Fevil", "/account?next=%2F%2Fevil"],
    ["/billing/../account", "/account"],
    ["/./billing?tab=invoices", "/billing?tab=invoices"],
  ])("keeps the same-origin path %j", (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  test.each([
    null,
    undefined,
    "",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "%09/evil.example",
    "/%09/evil.example",
    "\t//evil.example",
    "//evil",
    "///evil",
    " //evil",
    "https://evil",
    "HTTPS://evil.example/x",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "evil.example",
    "%2F%2Fevil",
    "/%2F%2Fevil",
    "/%5Cevil.example",
    "%2F%5Cevil.example",
    "/\u0000/evil",
    "/\n/evil",
    "/%E0%A4%A",
    "/" + "a".repeat(5000),
    // Dot segments that the URL parser removes, leaving "//host": judged after normalising.
    "/..//evil.com",
    "/.//evil.com",
    "/../..//evil.com/path",
    "/x/../..//evil.com",
    "/%2e%2e//evil.com",
    "/%2E%2E//evil.com",
    "/.%2e//evil.com",
    "/%2e//evil.com",
    "/..%2F%2Fevil.com",
    "/%2e%2e%2F%2Fevil.com",
    "/..\\evil.com",
    "/..%5C%5Cevil.com",
    "/../\\evil.com",
    "/..//evil.com?x=1#y",
    "/..//javascript:alert(1)",
    "javascript:/..//alert(1)",
  ])("sends %j to the dashboard", (raw) => {
    expect(safeNextPath(raw)).toBe(DEFAULT_NEXT_PATH);
  });

  test("never throws on any string", () => {
    for (let code = 0; code < 0x3000; code += 7) {
      const raw = `/${String.fromCharCode(code)}x%${code.toString(16)}`;
      expect(() => safeNextPath(raw)).not.toThrow();
      expect(safeNextPath(raw).startsWith("/")).toBe(true);
    }
  });
});
