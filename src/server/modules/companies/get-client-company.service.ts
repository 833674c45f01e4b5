import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { requireCompany } from "../../context/company-scope";
import { companyStatusOf } from "../../db/company-status";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { companyInvitation, companyMember } from "../../db/schema/companies";
import type { TGetClientCompanyResponse } from "../../../shared/client-detail";
import type { ServiceContext } from "../../context/service-context";

/** Staff's view of one client company: its settings, people, pending invitations and counts. */
export async function getClientCompany(ctx: ServiceContext, companyId: string): Promise<TGetClientCompanyResponse> {
  const { db, now } = ctx;
  const row = await requireCompany(db, companyId);
  const members = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      role: companyMember.role,
      emailVerified: user.emailVerified,
      since: companyMember.createdAt,
    })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(eq(companyMember.companyId, companyId))
    .orderBy(sql`${companyMember.role} = 'owner' desc`, asc(companyMember.createdAt), asc(user.email));
  const invitations = await db
    .select({
      id: companyInvitation.id,
      email: companyInvitation.email,
      createdAt: companyInvitation.createdAt,
      expiresAt: companyInvitation.expiresAt,
    })
    .from(companyInvitation)
    .where(and(eq(companyInvitation.companyId, companyId), isNull(companyInvitation.acceptedAt)))
    .orderBy(desc(companyInvitation.createdAt), desc(companyInvitation.id));
  const [automations] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      live: sql<number>`count(*) filter (where ${automation.status} = 'live')`.mapWith(Number),
    })
    .from(automation)
    .where(eq(automation.companyId, companyId));
  const pending = invitations.map((invitation) => ({
    ...invitation,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt <= now,
  }));
  return {
    company: {
      id: row.id,
      name: row.name,
      status: (await companyStatusOf(db, companyId, now)) ?? "trial",
      currency: row.currency,
      hourlyValueMinor: row.hourlyValueMinor,
      createdAt: row.createdAt.toISOString(),
    },
    members: members.map((member) => ({ ...member, since: member.since.toISOString() })),
    invitations: pending,
    counts: {
      members: members.length,
      openInvitations: pending.filter((invitation) => !invitation.expired).length,
      automations: automations?.total ?? 0,
      automationsLive: automations?.live ?? 0,
    },
  };
}
