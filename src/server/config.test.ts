import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "./config";

const SECRET = "s".repeat(32);

function errorOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("loadConfig accepted the configuration");
}

const PAYEE = {
  BILLING_LEGAL_NAME: "Cogwork B.V.",
  BILLING_ADDRESS: "Herengracht 1 | 1015 BA Amsterdam | Netherlands",
  BILLING_VAT_NUMBER: "NL001234567B01",
  BILLING_IBAN: "NL91ABNA0417164300",
};

describe("loadConfig", () => {
  test("has working defaults for development", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "0.0.0.0",
      APP_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      EMAIL_LINK_TTL_MINUTES: 1440,
      TRUSTED_PROXIES: [],
      LOG_LEVEL: "info",
      CLIENT_SUMMARY_REFRESH_SECONDS: 60,
    });
    expect([config.DATABASE_URL, config.AUTH_SECRET, config.SMTP_URL]).toEqual([undefined, undefined, undefined]);
  });

  test("reads only the environment it is given", () => {
    expect(loadConfig({ PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
    expect(loadConfig({}).PORT).toBe(3000);
  });

  test("parses and normalises values", () => {
    const config = loadConfig({
      PORT: "8443",
      APP_URL: "https://portal.example.com/",
      DATABASE_URL: "postgresql://user:pass@db:5432/cogwork",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      EMAIL_LINK_TTL_MINUTES: "90",
      TRUSTED_PROXIES: " 10.0.0.1, ::1 ,, ",
      AUTH_SECRET: SECRET,
    });
    expect(config).toMatchObject({
      PORT: 8443,
      APP_URL: "https://portal.example.com",
      DATABASE_URL: "postgresql://user:pass@db:5432/cogwork",
      EMAIL_LINK_TTL_MINUTES: 90,
      TRUSTED_PROXIES: ["10.0.0.1", "::1"],
    });
  });

  test("treats empty and blank values as unset", () => {
    const config = loadConfig({ APP_URL: "", DATABASE_URL: "  ", AUTH_SECRET: "", SMTP_URL: "" });
    expect(config.APP_URL).toBe("http://localhost:3000");
    expect([config.DATABASE_URL, config.AUTH_SECRET, config.SMTP_URL]).toEqual([undefined, undefined, undefined]);
  });

  test.each([
    [{ PORT: "eighty" }, /^ {2}PORT: /m],
    [{ PORT: "70000" }, /^ {2}PORT: /m],
    [{ NODE_ENV: "staging" }, /^ {2}NODE_ENV: .*development.*production.*test/m],
    [{ APP_URL: "portal.example.com" }, "APP_URL must be a full URL such as https://portal.example.com"],
    [{ DATABASE_URL: "mysql://db/cogwork" }, "DATABASE_URL must start with postgres:// or postgresql://"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET must be at least 32 characters"],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL must look like smtp://user:pass@host:587 or smtps://…"],
    [{ EMAIL_LINK_TTL_MINUTES: "0" }, /^ {2}EMAIL_LINK_TTL_MINUTES: /m],
    [{ LOG_LEVEL: "verbose" }, /^ {2}LOG_LEVEL: /m],
    [{ CLIENT_SUMMARY_REFRESH_SECONDS: "1" }, /^ {2}CLIENT_SUMMARY_REFRESH_SECONDS: /m],
  ])("names the variable and the problem: %j", (env, expected) => {
    const message = errorOf(env);
    expect(message).toMatch(/^Invalid configuration:\n/);
    if (typeof expected === "string") expect(message).toContain(expected);
    else expect(message).toMatch(expected);
    expect(message).not.toMatch(/ZodError|\{|"code"/);
  });

  test("lists every problem at once, one per line", () => {
    const message = errorOf({ PORT: "x", DATABASE_URL: "mysql://x", AUTH_SECRET: "short" });
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      expect.stringMatching(/^ {2}PORT: /),
      "  DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://",
      "  AUTH_SECRET: AUTH_SECRET must be at least 32 characters",
    ]);
  });

  test("production requires AUTH_SECRET, APP_URL and CHANNEL_SECRET_KEY", () => {
    const message = errorOf({ NODE_ENV: "production" });
    expect(message).toContain("  AUTH_SECRET: AUTH_SECRET is required in production");
    expect(message).toContain("  CHANNEL_SECRET_KEY: CHANNEL_SECRET_KEY is required in production");
    expect(message).toContain("  APP_URL: APP_URL is required in production");
    expect(errorOf({ NODE_ENV: "production", APP_URL: "https://portal.example.com" })).not.toContain("APP_URL");
    expect(errorOf({ NODE_ENV: "production", AUTH_SECRET: SECRET })).not.toContain("AUTH_SECRET");

    const config = loadConfig({
      NODE_ENV: "production",
      APP_URL: "https://portal.example.com",
      AUTH_SECRET: SECRET,
      ...PAYEE,
      CHANNEL_SECRET_KEY: SECRET,
    });
    expect(config).toMatchObject({
      NODE_ENV: "production",
      APP_URL: "https://portal.example.com",
      AUTH_SECRET: SECRET,
    });
  });

  test("production refuses to start without the payee's legal details, and names each missing setting", () => {
    const base = {
      NODE_ENV: "production",
      APP_URL: "https://portal.example.com",
      AUTH_SECRET: SECRET,
      CHANNEL_SECRET_KEY: SECRET,
    };
    const message = errorOf(base);
    expect(message).toContain(
      "  BILLING_LEGAL_NAME: BILLING_LEGAL_NAME is required in production: invoices carry the agency's legal details",
    );
    expect(message).toContain("  BILLING_ADDRESS: BILLING_ADDRESS is required in production");
    expect(message).toContain(
      "  BILLING_VAT_NUMBER: BILLING_VAT_NUMBER or BILLING_COMPANY_NUMBER is required in production",
    );
    expect(message).toContain("  BILLING_IBAN: BILLING_IBAN or BILLING_PAYMENT_INSTRUCTIONS is required in production");
    const { BILLING_ADDRESS: _address, ...withoutAddress } = PAYEE;
    expect(
      errorOf({ ...base, ...withoutAddress })
        .split("\n")
        .slice(1),
    ).toEqual([
      "  BILLING_ADDRESS: BILLING_ADDRESS is required in production: invoices carry the agency's legal details",
    ]);
    expect(() =>
      loadConfig({ ...base, ...PAYEE, BILLING_VAT_NUMBER: "", BILLING_COMPANY_NUMBER: "KvK 12345678" }),
    ).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "development" })).not.toThrow();
  });

  test("Stripe takes both keys or neither, each in Stripe's shape", () => {
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    const both = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    expect(loadConfig(both)).toMatchObject(both);
    expect(errorOf({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toContain(
      "  STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required with the other Stripe key",
    );
    expect(errorOf({ STRIPE_WEBHOOK_SECRET: "whsec_abc123" })).toContain(
      "  STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required",
    );
    expect(errorOf({ ...both, STRIPE_SECRET_KEY: "pk_test_abc" })).toContain("must be a Stripe secret key");
    expect(errorOf({ ...both, STRIPE_WEBHOOK_SECRET: "abc" })).toContain("the endpoint's signing secret");
  });

  test("outside production neither is required", () => {
    expect(() => loadConfig({ NODE_ENV: "test" })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "development" })).not.toThrow();
  });
});
