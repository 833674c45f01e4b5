import { eq } from "drizzle-orm";
import { company } from "../db/schema/companies";
import type { ServiceContext } from "./service-context";

/**
 * The client company a staff session is viewing, and until when (modules/view-as starts and
 * ends views). It is read by the access guards and the read-only rule of every request, so it
 * lives with the request's context rather than in the module.
 */
export interface ActiveView {
  companyId: string;
  until: Date;
}

/**
 * The view a session is in, or null: only staff sessions view, and a view past its hour is
 * ignored (the columns may still hold it until the next start or exit).
 */
export function activeView(
  user: { role?: string | null },
  session: { viewingCompanyId?: string | null; viewingUntil?: Date | string | null },
  now = Date.now(),
): ActiveView | null {
  if (user.role !== "admin" || !session.viewingCompanyId || !session.viewingUntil) return null;
  const until = new Date(session.viewingUntil);
  return until.getTime() > now ? { companyId: session.viewingCompanyId, until } : null;
}

/**
 * The viewed company's name; null if it no longer exists. Only the database is read:
 * the read-only middleware, which runs before a request has its context, passes just that.
 */
export async function viewedCompany(ctx: Pick<ServiceContext, "db">, companyId: string) {
  const [row] = await ctx.db
    .select({ id: company.id, name: company.name, requireSecondFactor: company.requireSecondFactor })
    .from(company)
    .where(eq(company.id, companyId));
  return row ?? null;
}
