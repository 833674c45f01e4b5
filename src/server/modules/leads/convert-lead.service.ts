import { and, eq } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { companyStatusOf } from "../../db/company-status";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { contactLead } from "../../db/schema/leads";
import { AppError, conflict, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { inviteInTransaction, writeClientCompany } from "../companies";
import { companyOfAccount } from "./find-lead-matches.service";
import { leadColumns, leadLabel, toLead } from "./lead-row";
import { NO_LEAD } from "./update-lead.service";
import type { TConvertLeadResponse } from "../../../shared/leads";
import type { ActorContext } from "../../context/service-context";

type Input = { id: string; companyName?: string; existingCompanyId?: string };

/**
 * Turns a lead into a client, in one transaction: a new company (refused when the lead's address
 * already has an account: that company is offered instead), or an existing one; the invitation to
 * the lead's email (with its mail) unless they are already in it; the lead marked Won with the
 * company; and the audit entries. The lead's row is locked first, so of two staff converting it at
 * once, one converts and the other is refused.
 */
export async function convertLead(ctx: ActorContext, input: Input): Promise<TConvertLeadResponse> {
  const { id } = input;
  return ctx.transaction(async (tx) => {
    const [lead] = await tx.db.select(leadColumns).from(contactLead).where(eq(contactLead.id, id)).for("update");
    if (!lead) throw notFound(NO_LEAD);
    if (lead.convertedCompanyId) throw conflict("This lead was already converted to a client.", "converted");
    const label = leadLabel(lead);
    const made = input.existingCompanyId
      ? await intoExistingCompany(tx, input.existingCompanyId, lead.email)
      : await intoNewCompany(tx, input.companyName!, lead.email, label);
    const [updated] = await tx.db
      .update(contactLead)
      .set({ status: "won", convertedCompanyId: made.company.id, updatedAt: tx.now })
      .where(eq(contactLead.id, id))
      .returning(leadColumns);
    await audit(tx, {
      action: "lead.converted",
      companyId: made.company.id,
      objectType: "lead",
      objectId: id,
      summary: `Converted the lead of ${label} to the client ${made.company.name}${input.existingCompanyId ? " (an existing client)" : ""}`,
      before: { status: lead.status, convertedCompanyId: null },
      after: { status: "won", convertedCompanyId: made.company.id },
    });
    return { company: made.company, invitation: made.invitation, lead: toLead(updated!) };
  });
}

async function intoNewCompany(tx: ActorContext, name: string, email: string, label: string) {
  const account = await companyOfAccount(tx.db, email);
  if (account)
    throw new AppError(
      "CONFLICT",
      `${email} already has an account in ${account.companyName}. Convert the lead to ${account.companyName} instead of creating a second company.`,
      { reason: "account-exists" },
    );
  const created = await writeClientCompany(tx, {
    name,
    inviteEmail: email,
    auditSummarySuffix: `, from the lead of ${label}`,
  });
  return { company: created.company, invitation: created.invitation };
}

async function intoExistingCompany(tx: ActorContext, companyId: string, email: string) {
  const target = await lockClientCompany(tx.db, companyId);
  const [member] = await tx.db
    .select({ userId: companyMember.userId })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(and(eq(companyMember.companyId, companyId), eq(user.email, email.toLowerCase())));
  const invitation = member ? null : await inviteInTransaction(tx, { companyId, companyName: target.name, email });
  const status = (await companyStatusOf(tx.db, companyId, tx.now)) ?? "trial";
  return { company: { id: target.id, name: target.name, status }, invitation };
}
