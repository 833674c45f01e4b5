import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { USERS_PAGE_SIZE, type TListUsersResponse } from "../../../shared/users";
import { user } from "../../db/schema/auth";
import { containsPattern } from "../../db/text-search";
import { accountColumns, companiesOf, toStaffUser } from "./user-account";
import type { Role } from "../../../shared/constants";
import type { UserState } from "../../../shared/users";
import type { ServiceContext } from "../../context/service-context";

export interface UserFilter {
  q?: string;
  role?: Role;
  state?: UserState;
  signedUpWithin?: number;
  page: number;
}

function conditionsOf(filter: UserFilter, now: Date): SQL[] {
  const conditions: SQL[] = [];
  const q = filter.q?.trim();
  if (q) conditions.push(or(ilike(user.name, containsPattern(q)), ilike(user.email, containsPattern(q)))!);
  if (filter.role) conditions.push(eq(user.role, filter.role));
  if (filter.state === "banned") conditions.push(sql`coalesce(${user.banned}, false)`);
  if (filter.state === "unconfirmed") conditions.push(eq(user.emailVerified, false));
  if (filter.signedUpWithin) {
    conditions.push(gte(user.createdAt, new Date(now.getTime() - filter.signedUpWithin * DAY_MS)));
  }
  return conditions;
}

/** Accounts for staff, newest first (ties by id, so pages never overlap), searched and filtered. */
export async function listUsers(ctx: ServiceContext, filter: UserFilter): Promise<TListUsersResponse> {
  const { db } = ctx;
  const conditions = conditionsOf(filter, ctx.now);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(accountColumns)
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(USERS_PAGE_SIZE)
      .offset((filter.page - 1) * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(user).where(where),
  ]);
  const companies = await companiesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => toStaffUser(row, companies.get(row.id))),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: USERS_PAGE_SIZE,
  };
}
