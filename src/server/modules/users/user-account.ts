import { asc, eq, inArray, sql } from "drizzle-orm";
import { passkey, user } from "../../db/schema/auth";
import { company, companyMember } from "../../db/schema/companies";
import { forbidden, notFound } from "../../lib/app-error";
import type { TStaffUser } from "../../../shared/users";
import type { Database } from "../../db/client";

/** What the users table shows of an account, without its company. */
export const accountColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  banned: user.banned,
  banReason: user.banReason,
  twoFactorEnabled: user.twoFactorEnabled,
  // Qualified by hand: in a one-table select drizzle writes its columns without the table's name.
  passkeys: sql<number>`(select count(*)::int from ${passkey} where ${passkey}.${sql.identifier("user_id")} = ${user}.${sql.identifier("id")})`,
  createdAt: user.createdAt,
};
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  role: string;
  emailVerified: boolean;
  banned: boolean | null;
  banReason: string | null;
  twoFactorEnabled: boolean;
  passkeys: number;
  createdAt: Date;
}

type Reader = Pick<Database, "select">;

/** The client company of each account (one each; staff have none). */
export async function companiesOf(db: Reader, userIds: string[]) {
  const rows = userIds.length
    ? await db
        .select({ userId: companyMember.userId, id: company.id, name: company.name, role: companyMember.role })
        .from(companyMember)
        .innerJoin(company, eq(company.id, companyMember.companyId))
        .where(inArray(companyMember.userId, userIds))
        .orderBy(asc(companyMember.createdAt))
    : [];
  const byUser = new Map<string, TStaffUser["company"]>();
  for (const { userId, ...membership } of rows) if (!byUser.has(userId)) byUser.set(userId, membership);
  return byUser;
}

export const toStaffUser = (row: AccountRow, membership: TStaffUser["company"] | undefined): TStaffUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role === "admin" ? "admin" : "client",
  emailVerified: row.emailVerified,
  banned: row.banned ?? false,
  banReason: row.banReason,
  twoFactorEnabled: row.twoFactorEnabled,
  passkeys: Number(row.passkeys),
  createdAt: row.createdAt.toISOString(),
  company: membership ?? null,
});

/** One account as the users table shows it. */
export async function staffUserOf(db: Reader, row: AccountRow): Promise<TStaffUser> {
  return toStaffUser(row, (await companiesOf(db, [row.id])).get(row.id));
}

/** The account an action is about, locked until the action's transaction ends; 404 if there is none. */
export async function lockAccount(tx: Reader, userId: string): Promise<AccountRow> {
  const [row] = await tx.select(accountColumns).from(user).where(eq(user.id, userId)).for("update");
  if (!row) throw notFound("There is no such account.");
  return row;
}

/**
 * Serialises the actions that can take away staff access (bans and role changes), across
 * server instances, until the transaction ends: each then sees the others' committed result,
 * so two at once can never leave the agency without a staff account.
 */
export async function lockStaffAccess(tx: Pick<Database, "execute">): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7265110011)`);
}

/** Staff accounts that can still sign in (not banned). */
export async function activeStaffIds(tx: Reader): Promise<string[]> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(sql`${user.role} = 'admin' and not coalesce(${user.banned}, false)`);
  return rows.map((row) => row.id);
}

/** Inside lockStaffAccess: the caller must still be active staff (another action may have just changed that). */
export async function requireActiveStaff(tx: Reader, actorId: string): Promise<string[]> {
  const active = await activeStaffIds(tx);
  if (!active.includes(actorId)) throw forbidden("Your account is no longer an active staff account.");
  return active;
}
