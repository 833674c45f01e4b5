import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { enqueueMail } from "../../mail/outbox";
import { companyInvitationMail } from "../../mail/templates";

/** Every client signs up into a company of their own; its owner can invite others later. */
export async function createCompanyForNewClient(
  db: Database,
  input: { userId: string; email: string; companyName?: string },
): Promise<{ companyId: string }> {
  const name = input.companyName?.trim() || defaultCompanyName(input.email);
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(company).values({ name }).returning({ id: company.id });
    if (!created) throw new Error("company insert returned nothing");
    await tx.insert(companyMember).values({ companyId: created.id, userId: input.userId, role: "owner" });
    return { companyId: created.id };
  });
}

/** "ops@acme-corp.com" → "Acme Corp"; a personal mail domain gives the person's own label. */
export function defaultCompanyName(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const personal = ["gmail", "outlook", "hotmail", "yahoo", "icloud", "proton", "protonmail", "gmx", "aol", "live", "me"];
  const label = domain.split(".")[0] ?? "";
  const source = !label || personal.includes(label) ? local : label;
  const words = source.split(/[-_.+]+/).filter(Boolean);
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(" ");
  return name || "My company";
}

export async function findMembership(db: Database, userId: string) {
  const [row] = await db
    .select({ companyId: company.id, companyName: company.name, role: companyMember.role, status: company.status })
    .from(companyMember)
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .where(eq(companyMember.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Which companies a signed-in user may read: staff every company, a client only their own. */
export type CompanyScope = { all: true } | { all: false; companyId: string | null };

export async function companyScope(db: Database, viewer: { id: string; role?: string | null }): Promise<CompanyScope> {
  if (viewer.role === "admin") return { all: true };
  const membership = await findMembership(db, viewer.id);
  return { all: false, companyId: membership?.companyId ?? null };
}

/** The SQL condition that keeps a query inside the scope (a client without a company sees nothing). */
export function inScope(column: AnyPgColumn, scope: CompanyScope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.companyId ? eq(column, scope.companyId) : sql`false`;
}

export const INVITATION_TTL_DAYS = 7;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The company page of a member: its settings, members and open invitations. */
export async function getCompanyOverview(db: Database, userId: string) {
  const membership = await findMembership(db, userId);
  if (!membership) return null;
  const [row] = await db.select().from(company).where(eq(company.id, membership.companyId));
  const members = await db
    .select({ userId: user.id, name: user.name, email: user.email, role: companyMember.role, since: companyMember.createdAt })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(companyMember.companyId, membership.companyId))
    .orderBy(asc(companyMember.createdAt));
  const invitations =
    membership.role === "owner"
      ? await db
          .select({ id: companyInvitation.id, email: companyInvitation.email, expiresAt: companyInvitation.expiresAt, createdAt: companyInvitation.createdAt })
          .from(companyInvitation)
          .where(and(eq(companyInvitation.companyId, membership.companyId), isNull(companyInvitation.acceptedAt), gt(companyInvitation.expiresAt, new Date())))
      : [];
  return {
    company: { id: row!.id, name: row!.name, hourlyValueMinor: row!.hourlyValueMinor, currency: row!.currency },
    role: membership.role,
    members,
    invitations,
  };
}

export async function listCompanies(db: Database) {
  return db.select({ id: company.id, name: company.name, status: company.status }).from(company).orderBy(asc(company.name));
}

/** Only the company's owner sets what an hour of its staff's time is worth. */
export async function updateHourlyValue(db: Database, userId: string, hourlyValueMinor: number) {
  const membership = await findMembership(db, userId);
  if (!membership) return { ok: false as const, reason: "no-company" as const };
  if (membership.role !== "owner") return { ok: false as const, reason: "not-owner" as const };
  await db.update(company).set({ hourlyValueMinor, updatedAt: new Date() }).where(eq(company.id, membership.companyId));
  return { ok: true as const, hourlyValueMinor };
}

/** Writes an invitation and its email together; the link holds a random token, stored hashed. */
export async function inviteToCompany(
  db: Database,
  input: { companyId: string; inviter: { id: string; name: string; email: string }; email: string; appUrl: string },
  now = new Date(),
) {
  const [target] = await db.select({ name: company.name }).from(company).where(eq(company.id, input.companyId));
  if (!target) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  await db.transaction(async (tx) => {
    await tx.insert(companyInvitation).values({ companyId: input.companyId, email: input.email, tokenHash: hashToken(token), invitedBy: input.inviter.id, expiresAt, createdAt: now });
    await enqueueMail(
      tx,
      input.email,
      companyInvitationMail({
        companyName: target.name,
        inviterName: input.inviter.name || input.inviter.email,
        url: `${input.appUrl}/accept-invitation?token=${token}`,
        expiresInDays: INVITATION_TTL_DAYS,
      }),
    );
  });
  return { email: input.email, expiresAt: expiresAt.toISOString() };
}

export type AcceptResult =
  | { ok: true; companyId: string; companyName: string }
  | { ok: false; reason: "invalid" | "expired" | "used" | "wrong-email" | "staff" };

/**
 * Joins the invited company. The invitation is claimed by one conditional UPDATE, so it
 * works once. The user leaves the company made for them at sign-up; that company is
 * deleted when nobody else is in it and nothing was built for it.
 */
export async function acceptInvitation(db: Database, viewer: { id: string; email: string; role?: string | null }, token: string, now = new Date()): Promise<AcceptResult> {
  if (viewer.role === "admin") return { ok: false, reason: "staff" };
  const [invitation] = await db
    .select({ id: companyInvitation.id, companyId: companyInvitation.companyId, email: companyInvitation.email, expiresAt: companyInvitation.expiresAt, acceptedAt: companyInvitation.acceptedAt, companyName: company.name })
    .from(companyInvitation)
    .innerJoin(company, eq(company.id, companyInvitation.companyId))
    .where(eq(companyInvitation.tokenHash, hashToken(token)));
  if (!invitation) return { ok: false, reason: "invalid" };
  if (invitation.acceptedAt) return { ok: false, reason: "used" };
  if (invitation.expiresAt <= now) return { ok: false, reason: "expired" };
  if (invitation.email.toLowerCase() !== viewer.email.toLowerCase()) return { ok: false, reason: "wrong-email" };
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(companyInvitation)
      .set({ acceptedAt: now, acceptedBy: viewer.id })
      .where(and(eq(companyInvitation.id, invitation.id), isNull(companyInvitation.acceptedAt)))
      .returning({ id: companyInvitation.id });
    if (claimed.length === 0) return { ok: false, reason: "used" } as const;
    const left = await tx
      .delete(companyMember)
      .where(and(eq(companyMember.userId, viewer.id), ne(companyMember.companyId, invitation.companyId)))
      .returning({ companyId: companyMember.companyId });
    for (const { companyId } of left) {
      await tx
        .delete(company)
        .where(
          and(
            eq(company.id, companyId),
            notExists(tx.select({ one: sql`1` }).from(companyMember).where(eq(companyMember.companyId, companyId))),
            notExists(tx.select({ one: sql`1` }).from(automation).where(eq(automation.companyId, companyId))),
          ),
        );
    }
    await tx.insert(companyMember).values({ companyId: invitation.companyId, userId: viewer.id, role: "member", createdAt: now }).onConflictDoNothing();
    return { ok: true, companyId: invitation.companyId, companyName: invitation.companyName } as const;
  });
}
