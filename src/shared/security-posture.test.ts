import fs from "node:fs";
import vm from "node:vm";
import { describe, expect, test } from "vitest";
import { isPostureHost, isStrictCsp } from "./security-posture";

describe("isStrictCsp", () => {
  test.each([
    ["default-src 'self'", true],
    ["script-src 'self' https://js.stripe.com; style-src 'self' 'unsafe-inline'", true],
    ["script-src 'self' 'unsafe-inline'", false],
    ["script-src 'self' 'unsafe-inline' 'nonce-abc'", true],
    ["script-src 'self' 'unsafe-eval'", false],
    ["script-src *", false],
    ["script-src https:", false],
    ["img-src 'self'", false],
    ["", false],
    [null, false],
  ])("%s → %s", (policy, strict) => {
    expect(isStrictCsp(policy)).toBe(strict);
  });
});

const HOSTS: [string, boolean][] = [
  ["localhost", true],
  ["127.0.0.1", true],
  ["cogwork.local", true],
  ["app.localhost", true],
  ["dev.cogwork.io", true],
  ["cogwork-preview.example.app", true],
  ["pr-12.preview.example.com", true],
  ["staging.cogwork.io", true],
  ["cogwork.io", false],
  ["portal.cogwork.io", false],
  ["developer.example.com", false],
];

describe("isPostureHost", () => {
  test.each(HOSTS)("%s → %s", (host, shown) => {
    expect(isPostureHost(host)).toBe(shown);
  });

  // src/web/head/page-init.js reserves the banner's room before any bundle runs; it must agree.
  test.each(HOSTS)("page-init.js agrees for %s", (host, shown) => {
    const attributes = new Set<string>();
    const documentElement = { setAttribute: (name: string) => attributes.add(name), classList: { toggle: () => {} } };
    const context = {
      location: { hostname: host },
      document: { documentElement, addEventListener: () => {} },
      localStorage: { getItem: () => null },
      window: { matchMedia: () => ({ matches: false }), addEventListener: () => {} },
    };
    vm.runInNewContext(fs.readFileSync(new URL("../web/head/page-init.js", import.meta.url), "utf8"), context);
    expect(attributes.has("data-posture")).toBe(shown);
  });
});
