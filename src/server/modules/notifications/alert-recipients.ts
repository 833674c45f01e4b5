import { and, eq, inArray, or, sql } from "drizzle-orm";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { notificationPreference } from "../../db/schema/notifications";
import type { AlertLevel } from "../../../shared/notifications";
import type { Database } from "../../db/client";

/** Failing alerts and their recovery notices, or Stale ones and theirs. */
export type AlertKind = "failing" | "stale";

/** The alert levels that want an alert of each kind. */
const WANTED_BY: Record<AlertKind, AlertLevel[]> = { failing: ["all", "failures"], stale: ["all"] };

export interface Recipient {
  userId: string;
  email: string;
  /** Agency staff: the alert speaks to them as the agency, not as the client. */
  isStaff: boolean;
}

/**
 * Who is told about an automation of the company: its members and every staff account, each
 * unless their preferences turn that kind of alert off (no preferences row: every alert).
 */
export async function alertRecipients(
  tx: Pick<Database, "selectDistinct">,
  companyId: string,
  kind: AlertKind,
): Promise<Recipient[]> {
  const rows = await tx
    .selectDistinct({ userId: user.id, email: user.email, isStaff: sql<boolean>`${user.role} = 'admin'` })
    .from(user)
    .leftJoin(companyMember, and(eq(companyMember.userId, user.id), eq(companyMember.companyId, companyId)))
    .leftJoin(notificationPreference, eq(notificationPreference.userId, user.id))
    .where(
      and(
        or(eq(user.role, "admin"), eq(companyMember.companyId, companyId)),
        inArray(sql`coalesce(${notificationPreference.alerts}, 'all')`, WANTED_BY[kind]),
      ),
    );
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}
