import { z } from "zod";
import { COMPANY_STATUSES, ZInvitationSent } from "./companies";
import { LIMITS, atMost, cleanedText, plainString, textField } from "./fields";
import { pageField } from "./int-field";

/** New: nobody has answered yet. Won: they became a client. */
export const LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
};
export const LEADS_PAGE_SIZE = 20;

/** A message sent through the contact form, with staff's follow-up. */
export const ZLead = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  message: z.string(),
  status: z.enum(LEAD_STATUSES),
  notes: z.string().meta({ description: "Staff's notes on the follow-up; empty when there are none." }),
  convertedCompanyId: z
    .uuid()
    .nullable()
    .meta({ description: "The client company made from this lead, once converted." }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TLead = z.infer<typeof ZLead>;

export const ZListLeadsQuery = z.object({
  status: z.enum(LEAD_STATUSES, { error: "Status must be new, contacted, won or lost" }).optional(),
  q: plainString(200).optional().meta({ description: "Words in the name, email, company or message." }),
  page: pageField,
});
export type TListLeadsQuery = z.input<typeof ZListLeadsQuery>;

export const ZListLeadsResponse = z.object({
  leads: z.array(ZLead).meta({ description: "Newest first." }),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type TListLeadsResponse = z.infer<typeof ZListLeadsResponse>;

/** Notes may be emptied; at most 2000 characters once tags are stripped. */
const notesField = cleanedText(LIMITS.longText).pipe(z.string().max(LIMITS.longText, atMost(LIMITS.longText)));

/** The inbox's notes form: the notes alone. */
export const ZLeadNotesRequest = z.object({ notes: notesField });
export type TLeadNotesRequest = z.input<typeof ZLeadNotesRequest>;

export const ZUpdateLeadRequest = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: "Choose new, contacted, won or lost" }).optional(),
    notes: notesField.optional(),
  })
  .refine((body) => body.status !== undefined || body.notes !== undefined, {
    message: "Send a status, notes or both",
    path: ["status"],
  });
export type TUpdateLeadRequest = z.input<typeof ZUpdateLeadRequest>;

export const ZUpdateLeadResponse = ZLead;

/**
 * Staff turn a lead into a client: a new company (`companyName`) or one that already exists
 * (`existingCompanyId`, one of the lead's matches), and invite the lead's email address to it.
 */
export const ZConvertLeadRequest = z
  .object({
    companyName: textField.optional(),
    existingCompanyId: z.uuid({ error: "Choose a company from the list" }).optional(),
  })
  .refine((body) => (body.companyName === undefined) !== (body.existingCompanyId === undefined), {
    message: "Name the new company, or choose an existing one",
    path: ["companyName"],
  });
export type TConvertLeadRequest = z.input<typeof ZConvertLeadRequest>;

export const ZConvertLeadResponse = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), status: z.enum(COMPANY_STATUSES) }),
  invitation: ZInvitationSent.nullable().meta({
    description: "Null when the lead's address already belongs to a member of the chosen company.",
  }),
  lead: ZLead,
});

/** Why an existing company may be the lead's: an account or invitation of its address, or its email domain. */
export const LEAD_MATCH_REASONS = ["account", "invitation", "domain"] as const;
export const ZLeadMatch = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  reason: z.enum(LEAD_MATCH_REASONS),
  detail: z.string().meta({ description: "Why, in a sentence staff read: whose account, which address." }),
});
export type TLeadMatch = z.infer<typeof ZLeadMatch>;
export const ZListLeadMatchesResponse = z.object({ matches: z.array(ZLeadMatch) });
export type TConvertLeadResponse = z.infer<typeof ZConvertLeadResponse>;

const byLeadId = z.object({ id: z.uuid() });

/** Staff's leads API, operation by operation (its methods and paths: `operations/leads.ts`). */
export const leadsSchemas = {
  listLeads: { query: ZListLeadsQuery, response: ZListLeadsResponse },
  updateLead: {
    params: byLeadId,
    body: ZUpdateLeadRequest.meta({ example: { status: "contacted", notes: "Called on Monday; wants a quote." } }),
    response: ZUpdateLeadResponse,
  },
  convertLead: {
    params: byLeadId,
    body: ZConvertLeadRequest.meta({ example: { companyName: "Example GmbH" } }),
    response: ZConvertLeadResponse,
  },
  listLeadMatches: { params: byLeadId, response: ZListLeadMatchesResponse },
};
export type LeadsSchemas = typeof leadsSchemas;
