import { eq } from "drizzle-orm";
import { contactLead } from "../../db/schema/leads";
import { conflict, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { writeClientCompany } from "../companies";
import { leadColumns, leadLabel, toLead } from "./lead-row";
import { NO_LEAD } from "./update-lead.service";
import type { TConvertLeadResponse } from "../../../shared/leads";
import type { ActorContext } from "../../context/service-context";

/**
 * Turns a lead into a client: the company, the invitation to the lead's email (with its mail),
 * the lead marked Won with the company, and both audit entries, in one transaction. The lead's
 * row is locked first, so of two staff converting it at once, one converts and the other is refused.
 */
export async function convertLead(
  ctx: ActorContext,
  input: { id: string; companyName: string },
): Promise<TConvertLeadResponse> {
  const { id } = input;
  return ctx.transaction(async (tx) => {
    const [lead] = await tx.db.select(leadColumns).from(contactLead).where(eq(contactLead.id, id)).for("update");
    if (!lead) throw notFound(NO_LEAD);
    if (lead.convertedCompanyId) throw conflict("This lead was already converted to a client.", "converted");

    const label = leadLabel(lead);
    const created = await writeClientCompany(tx, {
      name: input.companyName,
      inviteEmail: lead.email,
      auditSummarySuffix: `, from the lead of ${label}`,
    });
    const [updated] = await tx.db
      .update(contactLead)
      .set({ status: "won", convertedCompanyId: created.company.id, updatedAt: tx.now })
      .where(eq(contactLead.id, id))
      .returning(leadColumns);
    await audit(tx, {
      action: "lead.converted",
      companyId: created.company.id,
      objectType: "lead",
      objectId: id,
      summary: `Converted the lead of ${label} to the client ${created.company.name}`,
      before: { status: lead.status, convertedCompanyId: null },
      after: { status: "won", convertedCompanyId: created.company.id },
    });
    return { company: created.company, invitation: created.invitation!, lead: toLead(updated!) };
  });
}
