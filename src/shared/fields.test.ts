import { describe, expect, test } from "vitest";
import {
  LIMITS,
  atLeast,
  atMost,
  emailField,
  firstIssueMessage,
  longTextField,
  optionalTextField,
  passwordField,
  phoneField,
  plainString,
  textField,
  urlField,
} from "./fields";
import type { z } from "zod";

/** The messages a parse fails with, or "ok" and the value. */
function check(schema: z.ZodType, input: unknown): { ok: true; value: unknown } | { ok: false; messages: string[] } {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, messages: parsed.error.issues.map((issue) => issue.message) };
}

describe("raw caps and control characters", () => {
  test("every text field refuses a huge value before stripping it, with the seed's message", () => {
    const huge = "<a".repeat(500_000);
    for (const [schema, max] of [
      [textField, LIMITS.text],
      [optionalTextField, LIMITS.text],
      [longTextField, LIMITS.longText],
      [emailField, LIMITS.text],
      [phoneField, LIMITS.phone],
      [urlField, LIMITS.url],
    ] as const) {
      const started = performance.now();
      expect(check(schema, huge)).toEqual({ ok: false, messages: [atMost(max)] });
      // A guard against a blocked event loop (catastrophic backtracking takes minutes), not a speed goal.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  test("text fields drop NUL and other control characters, keeping tabs and line breaks", () => {
    expect(check(textField, "Ac\u0000me\u0007 Ltd")).toEqual({ ok: true, value: "Acme Ltd" });
    expect(check(longTextField, "line one\r\n\tline two\u0000")).toEqual({ ok: true, value: "line one\r\n\tline two" });
    expect(check(textField, "\u0000\u001f")).toEqual({ ok: false, messages: ["Required"] });
  });

  test("half a surrogate pair alone is dropped from text and refused in an id; whole pairs stay", () => {
    expect(check(textField, "Ac\ud800me 😀")).toEqual({ ok: true, value: "Acme 😀" });
    expect(check(plainString(10), "id\udc00")).toEqual({
      ok: false,
      messages: ["Must not contain control characters"],
    });
    expect(check(plainString(10), "id😀")).toEqual({ ok: true, value: "id😀" });
  });

  test("plainString refuses control characters instead of changing an id or token", () => {
    expect(check(plainString(10), "abc")).toEqual({ ok: true, value: "abc" });
    expect(check(plainString(10), "a\u0000c")).toEqual({
      ok: false,
      messages: ["Must not contain control characters"],
    });
    expect(check(plainString(10), "x".repeat(11))).toEqual({ ok: false, messages: [atMost(10)] });
  });
});

describe("message helpers", () => {
  test("speak the seed's wording", () => {
    expect(atLeast(8)).toBe("String must contain at least 8 character(s)");
    expect(atMost(255)).toBe("String must contain at most 255 character(s)");
  });
});

describe("emailField", () => {
  test("strips, trims and lower-cases", () => {
    expect(check(emailField, "  <b>Ann</b>@Acme.IO ")).toEqual({ ok: true, value: "ann@acme.io" });
  });
  test.each([
    [undefined, "Required"],
    ["", "Required"],
    ["   ", "Required"],
    ["<i></i>", "Required"],
    ["not-an-email", "Invalid email"],
    ["a@b", "Invalid email"],
    ["a b@example.com", "Invalid email"],
    [`${"a".repeat(250)}@example.com`, "String must contain at most 255 character(s)"],
    [42, "Expected string, received number"],
    [null, "Expected string, received object"],
  ])("%j → %s", (input, message) => {
    expect(check(emailField, input)).toEqual({ ok: false, messages: [message] });
  });
});

describe("passwordField", () => {
  test("keeps the password exactly as typed, tags and spaces included", () => {
    expect(check(passwordField, " <b>pass</b> ")).toEqual({ ok: true, value: " <b>pass</b> " });
    expect(check(passwordField, "x".repeat(LIMITS.passwordMin))).toMatchObject({ ok: true });
    expect(check(passwordField, "x".repeat(LIMITS.passwordMax))).toMatchObject({ ok: true });
  });
  test.each([
    [undefined, "Required"],
    ["", "Required"],
    ["1234567", "String must contain at least 8 character(s)"],
    ["x".repeat(129), "String must contain at most 128 character(s)"],
    [12345678, "Expected string, received number"],
  ])("%j → %s", (input, message) => {
    const result = check(passwordField, input);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.messages[0]).toBe(message);
  });
});

describe("text fields", () => {
  test("textField: 1–255 after stripping", () => {
    expect(check(textField, "  <b>Acme</b> Ltd ")).toEqual({ ok: true, value: "Acme Ltd" });
    expect(check(textField, "x".repeat(255))).toMatchObject({ ok: true });
    expect(check(textField, "x".repeat(256))).toEqual({
      ok: false,
      messages: ["String must contain at most 255 character(s)"],
    });
    expect(check(textField, "<p></p>")).toEqual({ ok: false, messages: ["Required"] });
    expect(check(textField, undefined)).toEqual({ ok: false, messages: ["Required"] });
  });

  test("the 255 limit counts the text left after stripping", () => {
    expect(check(textField, `<b>${"x".repeat(255)}</b>`)).toMatchObject({ ok: true });
  });

  test("optionalTextField: absent, empty or only tags count as absent", () => {
    for (const input of [undefined, "", "  ", "<b></b>"])
      expect(check(optionalTextField, input)).toEqual({ ok: true, value: undefined });
    expect(check(optionalTextField, " <i>Acme</i> ")).toEqual({ ok: true, value: "Acme" });
    expect(check(optionalTextField, "x".repeat(256))).toEqual({
      ok: false,
      messages: ["String must contain at most 255 character(s)"],
    });
    expect(check(optionalTextField, 5)).toEqual({ ok: false, messages: ["Expected string, received number"] });
  });

  test("longTextField: 1–2000", () => {
    expect(check(longTextField, "x".repeat(2000))).toMatchObject({ ok: true });
    expect(check(longTextField, "x".repeat(2001))).toEqual({
      ok: false,
      messages: ["String must contain at most 2000 character(s)"],
    });
    expect(check(longTextField, "")).toEqual({ ok: false, messages: ["Required"] });
  });

  test("phoneField: at most 20", () => {
    expect(check(phoneField, "+44 20 7946 0000")).toEqual({ ok: true, value: "+44 20 7946 0000" });
    expect(check(phoneField, "1".repeat(21))).toEqual({
      ok: false,
      messages: ["String must contain at most 20 character(s)"],
    });
  });

  test("urlField", () => {
    expect(check(urlField, " https://acme.example/path ")).toEqual({ ok: true, value: "https://acme.example/path" });
    expect(check(urlField, "not a url")).toEqual({ ok: false, messages: ["Invalid url"] });
    expect(check(urlField, "")).toEqual({ ok: false, messages: ["Required"] });
  });
});

describe("firstIssueMessage", () => {
  test("names the field of the first problem", () => {
    const parsed = emailField.safeParse("nope");
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(firstIssueMessage(parsed.error)).toBe("Invalid email");
  });
});
