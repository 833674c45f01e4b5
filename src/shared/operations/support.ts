import { operations } from "../api-operation";
import type { SupportSchemas } from "../support";
import type { SupportUploadsSchemas } from "../support";

/** The help desk: a company's tickets (staff: every company's), the staff queue and settings, replies by email. */
export const supportOps = operations<SupportSchemas & SupportUploadsSchemas>()({
  listTickets: "GET /api/tickets",
  createTicket: "POST /api/tickets",
  getTicket: "GET /api/tickets/{id}",
  replyToTicket: "POST /api/tickets/{id}/messages",
  downloadTicketAttachment: "GET /api/tickets/{id}/attachments/{attachmentId}",
  uploadTicketFile: "POST /api/tickets/uploads",
  staffTicketQueue: "GET /api/staff/tickets",
  staffTicketStats: "GET /api/staff/tickets/stats",
  staffTicketCompanies: "GET /api/staff/tickets/companies",
  updateTicket: "PATCH /api/staff/tickets/{id}",
  listCannedReplies: "GET /api/staff/canned-replies",
  saveCannedReply: "POST /api/staff/canned-replies",
  deleteCannedReply: "DELETE /api/staff/canned-replies/{id}",
  listSlaTargets: "GET /api/staff/sla-targets",
  updateSlaTargets: "PUT /api/staff/sla-targets",
  receiveReplyEmail: "POST /api/inbound/email",
});
