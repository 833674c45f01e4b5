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
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === "production" && !config.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "AUTH_SECRET is required in production" });
    }
    if (config.NODE_ENV === "production" && !config.APP_URL) {
      ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "APP_URL is required in production" });
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
