import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

// Tables Better Auth reads and writes (core + admin plugin fields). Property names are the
// ones Better Auth expects; column names are ours.

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("client"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    /** Better Auth's two-factor plugin: on once an authenticator app is confirmed with a code. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Search by part of a name or an address (users table, clients' contacts); pg_trgm: migration 0023, ADR 0035.
    index("user_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("user_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
    // The staff users table, newest first: read backwards in this order, extras only for the page's rows.
    index("user_created_idx").on(table.createdAt, table.id),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    /** Staff viewing a client's portal read-only: the company, until this time. */
    viewingCompanyId: uuid("viewing_company_id"),
    viewingUntil: timestamp("viewing_until", { withTimezone: true }),
    /** Opened with a passkey (both factors at once), or confirmed by adding one: see auth/passkey-routes.ts. */
    passkeyVerified: boolean("passkey_verified").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/**
 * A person's authenticator app (Better Auth's two-factor plugin): the TOTP secret and the recovery
 * codes, both encrypted with the app's secret; `verified` once confirmed with a code.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (table) => [index("two_factor_user_id_idx").on(table.userId), index("two_factor_secret_idx").on(table.secret)],
);

/**
 * A person's passkeys (Better Auth's passkey plugin, WebAuthn): the credential's public key and
 * id, its signature counter, and the name the person gave it. A passkey is both factors at once.
 */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  },
  (table) => [index("passkey_user_id_idx").on(table.userId)],
);

/**
 * Authenticator codes already accepted, so that each works once (RFC 6238 §5.2): claimed before
 * Better Auth checks a code, released when it refuses it. Rows past `expiresAt` are swept.
 */
export const totpCodeUse = pgTable(
  "totp_code_use",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.code] })],
);

/** Shared by every server instance, so rate limits hold across processes. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * One row per emailed link (confirmation), so each link works once:
 * Better Auth's own verification token is a JWT that stays valid until it expires.
 */
export const emailLink = pgTable(
  "email_link",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // confirm-email: sign-up confirmation; change-email: confirms a new address; undo-email-change:
    // mailed to the old address, cancels the pending change (auth.routes.ts).
    purpose: text("purpose", { enum: ["confirm-email", "change-email", "undo-email-change"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_link_user_id_idx").on(table.userId)],
);

/**
 * Accounts whose sessions changed (signed out, revoked, banned, role or view changed), written by
 * triggers on session, user and account: every server instance reads it to drop the sessions it
 * keeps in memory (auth/session-cache.ts). Rows older than an hour are removed.
 */
export const sessionChange = pgTable(
  "session_change",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("session_change_changed_at_idx").on(table.changedAt)],
);
