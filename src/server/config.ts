import fs from "node:fs";
import { z } from "zod";

/**
 * Every environment variable the server reads, validated once at start.
 * Nothing else in the server touches process.env.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** The payee settings an invoice cannot be finalized without in production, by name ("A or B" for either). */
export function missingPayeeSettings(config: Record<string, unknown>): string[] {
  const missing: string[] = [];
  if (!config.BILLING_LEGAL_NAME) missing.push("BILLING_LEGAL_NAME");
  if (!config.BILLING_ADDRESS) missing.push("BILLING_ADDRESS");
  if (!config.BILLING_VAT_NUMBER && !config.BILLING_COMPANY_NUMBER)
    missing.push("BILLING_VAT_NUMBER or BILLING_COMPANY_NUMBER");
  if (!config.BILLING_IBAN && !config.BILLING_PAYMENT_INSTRUCTIONS)
    missing.push("BILLING_IBAN or BILLING_PAYMENT_INSTRUCTIONS");
  return missing;
}

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_URL: optionalString.pipe(
      z.url({ message: "APP_URL must be a full URL such as https://portal.example.com" }).optional(),
    ),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
        .optional(),
    ),
    DATA_DIR: z.string().default("./data"),
    AUTH_SECRET: optionalString.pipe(z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional()),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "SMTP_URL must look like smtp://user:pass@host:587 or smtps://…")
        .optional(),
    ),
    MAIL_FROM: z.string().default("Cogwork <no-reply@cogwork.localhost>"),
    EMAIL_LINK_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 7)
      .default(60 * 24),
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    SESSION_MAX_AGE_HOURS: z.coerce
      .number()
      .min(1)
      .max(24 * 90)
      .default(24),
    /** Off only for local experiments: the posture banner then says 'Not enforced'. */
    RATE_LIMIT: z.enum(["on", "off"]).default("on"),
    /** Requests per minute one ingest key may make to the run reporting API. */
    INGEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** How often the staff clients table's figures are recomputed (also once at start). */
    CLIENT_SUMMARY_REFRESH_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
    /** Support notices carry Reply-To reply+<token>@this domain; without it they say "reply in the portal". */
    INBOUND_EMAIL_DOMAIN: optionalString.pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "INBOUND_EMAIL_DOMAIN must be a domain such as reply.example.com")
        .optional(),
    ),
    /** The shared secret the mail provider sends to POST /api/inbound/email (Authorization: Bearer …). */
    INBOUND_EMAIL_SECRET: optionalString.pipe(
      z.string().min(32, "INBOUND_EMAIL_SECRET must be at least 32 characters").optional(),
    ),
    /** The agency's payment details printed on invoices of the manual provider (ADR 0016). */
    BILLING_ISSUER: z.string().default("Cogwork"),
    BILLING_PAYEE: optionalString,
    BILLING_IBAN: optionalString,
    BILLING_BIC: optionalString,
    /**
     * The agency's legal details on every invoice and credit note (ADR 0030). In production the
     * legal name, the address, a VAT or company number and a way to pay are required.
     */
    BILLING_LEGAL_NAME: optionalString,
    /** The postal address; lines separated by "\n" or " | ". */
    BILLING_ADDRESS: optionalString,
    BILLING_VAT_NUMBER: optionalString,
    BILLING_COMPANY_NUMBER: optionalString,
    /** How to pay, printed on invoices under the bank details ("Pay within 14 days quoting the invoice number"). */
    BILLING_PAYMENT_INSTRUCTIONS: optionalString,
    /** "true": a company's invoice is finalized only once its legal name and address are filled in. */
    BILLING_REQUIRE_CLIENT_DETAILS: z
      .enum(["true", "false"], { error: "BILLING_REQUIRE_CLIENT_DETAILS must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    /** Tax on new invoices, in percent (21 or 20.5); staff may change it on a draft. */
    BILLING_TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).default(0),
    /** How often the recurring billing job looks for periods to invoice and reminders to send. */
    BILLING_JOB_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
    /** Card payments through Stripe (ADR 0016): both keys on, or neither (the manual provider). */
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)")
        .optional(),
    ),
    /** Another Stripe API address, e.g. a local stand-in in tests (http://127.0.0.1:12111); Stripe's own by default. */
    STRIPE_API_URL: optionalString.pipe(z.url({ message: "STRIPE_API_URL must be a full URL" }).optional()),
    /** The files a client company's tickets may hold together, in MB (ADR 0022); past it, uploads get a 413. */
    ATTACHMENT_QUOTA_MB: z.coerce.number().int().min(1).max(1_048_576).default(1024),
    /** How often the weekly digest job looks for digests to write (they are due on Monday from 07:00). */
    DIGEST_JOB_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
    REPORT_JOB_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
    /** Encrypts the channels' addresses and signing secrets at rest (AES-256-GCM, key derived by HKDF); required in production. */
    CHANNEL_SECRET_KEY: optionalString.pipe(
      z.string().min(32, "CHANNEL_SECRET_KEY must be at least 32 characters").optional(),
    ),
    /** The key CHANNEL_SECRET_KEY replaced: secrets sealed with it still open (and are sealed again with the new key). */
    CHANNEL_SECRET_KEY_PREVIOUS: optionalString.pipe(
      z.string().min(32, "CHANNEL_SECRET_KEY_PREVIOUS must be at least 32 characters").optional(),
    ),
    /** In production, platform connections (n8n) may reach private and loopback addresses only when this is on (a self-hosted n8n on the agency's network). */
    CONNECTIONS_ALLOW_PRIVATE_ADDRESSES: z.enum(["on", "off"]).default("off"),
    /** How often the platform sync job reads new executions from each connection. */
    CONNECTION_SYNC_SECONDS: z.coerce.number().int().min(5).max(86_400).default(60),
    /** In production, channels may post to private and loopback addresses only when this is on (an on-premises chat server). */
    CHANNELS_ALLOW_PRIVATE_ADDRESSES: z.enum(["on", "off"]).default("off"),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
    /** Raw runs older than this many days are deleted (their daily figures are kept for good). */
    RUN_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(400),
    /** A bearer token that lets a scraper off this machine read GET /metrics (loopback callers need none). */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === "production" && !config.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "AUTH_SECRET is required in production" });
    }
    if (config.NODE_ENV === "production" && !config.CHANNEL_SECRET_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["CHANNEL_SECRET_KEY"],
        message: "CHANNEL_SECRET_KEY is required in production (it encrypts the alert channels' secrets)",
      });
    }
    if (config.NODE_ENV === "production" && !config.APP_URL) {
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "APP_URL is required in production" });
    }
    if (config.NODE_ENV === "production")
      for (const missing of missingPayeeSettings(config))
        ctx.addIssue({
          code: "custom",
          path: [missing.split(" ")[0]!],
          message: `${missing} is required in production: invoices carry the agency's legal details`,
        });
    if (Boolean(config.STRIPE_SECRET_KEY) !== Boolean(config.STRIPE_WEBHOOK_SECRET)) {
      const missing = config.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: `${missing} is required with the other Stripe key (set both, or neither for the manual provider)`,
      });
    }
  });

export type Config = z.infer<typeof configSchema> & { APP_URL: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".") || "config"}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const config = parsed.data;
  return { ...config, APP_URL: (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "") };
}

/** Reads ./.env into process.env when present; variables already set win. */
export function loadDotEnv(file = ".env"): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
