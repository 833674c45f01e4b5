import { describe, expect, test } from "vitest";
import { passwordHasEmailLocalPart } from "./password-rules";

describe("passwordHasEmailLocalPart", () => {
  test.each([
    ["jane.doe", "jane.doe@example.com"],
    ["Jane.Doe!2026", "jane.doe@example.com"],
    ["i am jane.doe", "Jane.Doe@Example.com"],
    ["bob", "bob@example.com"],
    ["xx", "xx@example.com"],
  ])("%j holds the local part of %j", (password, email) => {
    expect(passwordHasEmailLocalPart(password, email)).toBe(true);
  });

  test.each([
    ["correct horse battery", "jane.doe@example.com"],
    ["example.com rules", "jane.doe@example.com"],
    // Two letters are part of too many good passwords to refuse them all; equal is still refused.
    ["jolly good fellow", "jo@example.com"],
  ])("%j does not hold the local part of %j", (password, email) => {
    expect(passwordHasEmailLocalPart(password, email)).toBe(false);
  });
});
