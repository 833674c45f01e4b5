import { companyStatusOf } from "../../db/company-status";
import { company } from "../../db/schema/companies";
import { audit } from "../audit";
import { writeInvitation } from "./invitations.service";
import type { TCreateClientCompanyRequest } from "../../../shared/companies";
import type { ActorContext } from "../../context/service-context";

type Input = Required<Pick<TCreateClientCompanyRequest, "name">> & {
  inviteEmail?: string;
  /** IANA zone; UTC when staff leave it out. */
  timeZone?: string;
  /** Added to the audit entry's sentence, for a change that makes a company as one of its steps. */
  auditSummarySuffix?: string;
};

/**
 * Staff create a client company directly, and invite its first user in the same step: the
 * company, the invitation, its email and the audit entry are written together or not at all.
 */
export async function createClientCompany(ctx: ActorContext, input: Input) {
  return ctx.transaction((tx) => writeClientCompany(tx, input));
}

/**
 * Writes a client company, its first invitation (with its email) and the audit entry in the
 * caller's transaction (`tx`), for a change that makes a company as one of its steps.
 */
export async function writeClientCompany(tx: ActorContext, input: Input) {
  const [created] = await tx.db
    .insert(company)
    .values({ name: input.name, timeZone: input.timeZone ?? "UTC", createdAt: tx.now, updatedAt: tx.now })
    .returning({ id: company.id, name: company.name, timeZone: company.timeZone });
  // A new company has no subscription nor automation yet: its derived status (ADR 0031) is read, not assumed.
  const row = { ...created!, status: (await companyStatusOf(tx.db, created!.id, tx.now)) ?? "trial" };
  const invitation = input.inviteEmail
    ? await writeInvitation(tx, { companyId: row.id, companyName: row.name, email: input.inviteEmail })
    : null;
  const invited = invitation ? ` and invited ${invitation.email}` : "";
  await audit(tx, {
    action: "company.created",
    companyId: row.id,
    objectType: "company",
    objectId: row.id,
    summary: `Created the client company ${row.name}${invited}${input.auditSummarySuffix ?? ""}`,
    after: { name: row.name, timeZone: row.timeZone, invited: invitation?.email ?? null },
  });
  return { company: row, invitation: invitation && { email: invitation.email, expiresAt: invitation.expiresAt } };
}
