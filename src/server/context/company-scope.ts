import { eq, sql, type SQL } from "drizzle-orm";
import { company, companyMember } from "../db/schema/companies";
import { notFound } from "../lib/app-error";
import type { Database } from "../db/client";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Which companies a caller may read: staff every company, a client only their own,
 * staff viewing a company as its client (`viewing`, modules/view-as) only that one.
 */
export type CompanyScope = { all: true } | { all: false; companyId: string | null; viewing?: true };

/** The scope of no one: a caller without a company sees nothing. */
export const NO_COMPANY_SCOPE: CompanyScope = { all: false, companyId: null };

/**
 * The company a user belongs to (a person belongs to at most one), with their role in it and
 * whether its owner requires a second factor of its members.
 */
export async function findMembership(db: Database, userId: string) {
  const [row] = await db
    .select({
      companyId: company.id,
      companyName: company.name,
      role: companyMember.role,
      requireSecondFactor: company.requireSecondFactor,
    })
    .from(companyMember)
    .innerJoin(company, eq(company.id, companyMember.companyId))
    .where(eq(companyMember.userId, userId))
    .limit(1);
  return row ?? null;
}

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

export const NO_SUCH_COMPANY = "There is no such client company.";

/**
 * A client company by id, or the one 404 every endpoint gives. With `lock`, its row stays locked
 * for the rest of the transaction, so that two staff changing its members or settings at once
 * are applied one after the other. The lock is `FOR NO KEY UPDATE` (what an update of its
 * columns takes anyway): rows that only reference the company, such as the runs and rollup
 * rows an ingest transaction writes while holding its automations' locks, are not held up by
 * it, so a time zone change (company, then automations) and ingest never wait in a circle.
 */
export async function requireCompany(db: Database, companyId: string, { lock = false } = {}) {
  const query = db.select().from(company).where(eq(company.id, companyId));
  const [row] = lock ? await query.for("no key update") : await query;
  if (!row) throw notFound(NO_SUCH_COMPANY);
  return row;
}

/** Locks a client company's row for the rest of the caller's transaction (see `requireCompany`). */
export const lockClientCompany = (tx: Database, companyId: string) => requireCompany(tx, companyId, { lock: true });
