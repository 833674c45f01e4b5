import { contactLead } from "../../db/schema/leads";
import type { TLead } from "../../../shared/leads";

/** The columns staff see of a lead (not the sender's address, kept for the rate limit). */
export const leadColumns = {
  id: contactLead.id,
  name: contactLead.name,
  email: contactLead.email,
  company: contactLead.company,
  phone: contactLead.phone,
  website: contactLead.website,
  message: contactLead.message,
  status: contactLead.status,
  notes: contactLead.notes,
  convertedCompanyId: contactLead.convertedCompanyId,
  createdAt: contactLead.createdAt,
  updatedAt: contactLead.updatedAt,
};

type LeadRow = Omit<TLead, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

export const toLead = (row: LeadRow): TLead => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** How a lead is named in the audit log: "Dana Example (dana@example.com)". */
export const leadLabel = (lead: { name: string; email: string }) => `${lead.name} (${lead.email})`;
