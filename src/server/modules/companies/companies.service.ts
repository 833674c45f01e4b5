import { and, asc, eq, exists, gt, isNull, or } from "drizzle-orm";
import { findMembership, requireCompany } from "../../context/company-scope";
import { passkey, user } from "../../db/schema/auth";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { notFound } from "../../lib/app-error";
import { audit } from "../audit";
import type { ActorContext, ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

/**
 * Every client signs up into a company of their own; its owner can invite others later. Called
 * from Better Auth's sign-up hook, which has no service context: only the database is needed,
 * and as nothing here writes mail, the company and its owner are written in a transaction of their own.
 */
export async function createCompanyForNewClient(
  ctx: Pick<ServiceContext, "db">,
  input: { userId: string; email: string; companyName?: string; timeZone?: string },
): Promise<{ companyId: string }> {
  const name = input.companyName?.trim() || defaultCompanyName(input.email);
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(company)
      .values({ name, timeZone: input.timeZone ?? "UTC" })
      .returning({ id: company.id });
    if (!created) throw new Error("company insert returned nothing");
    await tx.insert(companyMember).values({ companyId: created.id, userId: input.userId, role: "owner" });
    return { companyId: created.id };
  });
}

/** The first labels of mail providers anyone can sign up with: such a domain says nothing about a company. */
const PERSONAL_MAIL_LABELS = [
  "gmail",
  "outlook",
  "hotmail",
  "yahoo",
  "icloud",
  "proton",
  "protonmail",
  "gmx",
  "aol",
  "live",
  "me",
];

/** Whether an email domain is a personal mail provider's ("gmail.com"), not a company's. */
export const isPersonalMailDomain = (domain: string) => PERSONAL_MAIL_LABELS.includes(domain.split(".")[0] ?? "");

/** "ops@acme-corp.com" → "Acme Corp"; a personal mail domain gives the person's own label. */
export function defaultCompanyName(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const label = domain.split(".")[0] ?? "";
  const source = !label || isPersonalMailDomain(domain) ? local : label;
  const words = source.split(/[-_.+]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
  return name || "My company";
}

const NO_COMPANY = "Your account does not belong to a client company.";

/** The company the user belongs to, or a 404 for an account without one (staff, or a client who left). */
async function requireMembership(db: Database, userId: string) {
  const membership = await findMembership(db, userId);
  if (!membership) throw notFound(NO_COMPANY);
  return membership;
}

/**
 * The company page of a member: its settings, members and open invitations. Staff viewing a
 * company as its client (`viewedCompanyId`) see that company's page as its owner does.
 */
export async function getCompanyOverview(ctx: ActorContext, input: { viewedCompanyId?: string }) {
  const { db } = ctx;
  const membership = input.viewedCompanyId
    ? { companyId: input.viewedCompanyId, role: "owner" as const }
    : await requireMembership(db, ctx.actor.id);
  const row = await requireCompany(db, membership.companyId);
  const members = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      role: companyMember.role,
      since: companyMember.createdAt,
      hasSecondFactor: hasSecondFactorSql(db),
    })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(companyMember.companyId, membership.companyId))
    .orderBy(asc(companyMember.createdAt));
  const invitations =
    membership.role === "owner"
      ? await db
          .select({
            id: companyInvitation.id,
            email: companyInvitation.email,
            expiresAt: companyInvitation.expiresAt,
            createdAt: companyInvitation.createdAt,
          })
          .from(companyInvitation)
          .where(
            and(
              eq(companyInvitation.companyId, membership.companyId),
              isNull(companyInvitation.acceptedAt),
              gt(companyInvitation.expiresAt, ctx.now),
            ),
          )
      : [];
  return {
    company: {
      id: row.id,
      name: row.name,
      hourlyValueMinor: row.hourlyValueMinor,
      currency: row.currency,
      timeZone: row.timeZone,
      requireSecondFactor: row.requireSecondFactor,
    },
    role: membership.role,
    // Which accounts are weaker is the owner's to know (they decide the policy), not every colleague's.
    members: members.map((m) => ({ ...m, hasSecondFactor: membership.role === "owner" ? m.hasSecondFactor : null })),
    invitations,
  };
}

/** Whether the user (of the query's row) has an authenticator app or a passkey. */
export const hasSecondFactorSql = (db: Database) =>
  or(
    eq(user.twoFactorEnabled, true),
    exists(db.select({ one: passkey.id }).from(passkey).where(eq(passkey.userId, user.id))),
  )!.mapWith(Boolean);

/** An amount for the audit log, such as "65.00 EUR". */
const amount = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

/**
 * What an hour of the company's staff's time is worth (the owner guard lets only its owner here);
 * the change and its audit entry are written together.
 */
export async function updateHourlyValue(ctx: ActorContext, input: { companyId: string; hourlyValueMinor: number }) {
  const { companyId, hourlyValueMinor } = input;
  await ctx.transaction(async (tx) => {
    const current = await requireCompany(tx.db, companyId, { lock: true });
    if (current.hourlyValueMinor === hourlyValueMinor) return;
    await tx.db.update(company).set({ hourlyValueMinor, updatedAt: tx.now }).where(eq(company.id, current.id));
    await audit(tx, {
      action: "company.hourly_value_changed",
      companyId: current.id,
      objectType: "company",
      objectId: current.id,
      summary: `Changed the hourly value of ${current.name} from ${amount(current.hourlyValueMinor, current.currency)} to ${amount(hourlyValueMinor, current.currency)}`,
      before: { hourlyValueMinor: current.hourlyValueMinor },
      after: { hourlyValueMinor },
    });
  });
  return { hourlyValueMinor };
}
