import { eq } from "drizzle-orm";
import { LEAD_STATUS_LABELS, type LeadStatus, type TLead } from "../../../shared/leads";
import { contactLead } from "../../db/schema/leads";
import { conflict, notFound } from "../../lib/app-error";
import { audit } from "../audit";
import { leadColumns, leadLabel, toLead } from "./lead-row";
import type { ActorContext } from "../../context/service-context";

export const NO_LEAD = "There is no such lead.";

/** Staff follow a lead up: its status, their notes, or both; the audit entry is written with the change. */
export async function updateLead(
  ctx: ActorContext,
  input: { id: string; status?: LeadStatus; notes?: string },
): Promise<TLead> {
  const { id } = input;
  return ctx.transaction(async (tx) => {
    const [current] = await tx.db.select(leadColumns).from(contactLead).where(eq(contactLead.id, id)).for("update");
    if (!current) throw notFound(NO_LEAD);
    const status = input.status !== undefined && input.status !== current.status ? input.status : undefined;
    const notes = input.notes !== undefined && input.notes !== current.notes ? input.notes : undefined;
    if (status === undefined && notes === undefined) return toLead(current);
    if (status !== undefined && current.convertedCompanyId) {
      throw conflict("This lead became a client; its status stays Won.");
    }

    const [updated] = await tx.db
      .update(contactLead)
      .set({
        ...(status === undefined ? {} : { status }),
        ...(notes === undefined ? {} : { notes }),
        updatedAt: tx.now,
      })
      .where(eq(contactLead.id, id))
      .returning(leadColumns);
    const label = leadLabel(current);
    const statusChange = status && `from ${LEAD_STATUS_LABELS[current.status]} to ${LEAD_STATUS_LABELS[status]}`;
    const summary = !status
      ? `Updated the notes on the lead of ${label}`
      : `Changed the status of the lead of ${label} ${statusChange}${notes === undefined ? "" : " and updated its notes"}`;
    const pick = (lead: { status: LeadStatus; notes: string }) => ({
      ...(status === undefined ? {} : { status: lead.status }),
      ...(notes === undefined ? {} : { notes: lead.notes }),
    });
    await audit(tx, {
      action: !status ? "lead.notes_changed" : notes === undefined ? "lead.status_changed" : "lead.updated",
      objectType: "lead",
      objectId: id,
      summary,
      before: pick(current),
      after: pick(updated!),
    });
    return toLead(updated!);
  });
}
