/** The support module's public face: what the rest of the server uses of the help desk. */
export { chunkAttachmentStore, fileAttachmentStore, type AttachmentStore } from "./attachment-store";
export { createTicket, type TicketDraft } from "./create-ticket.service";
export { inboundEmailEndpoints } from "./inbound-email.routes";
export { sweepUnsentUploads } from "./pending-uploads";
export { staffSupportEndpoints } from "./staff-support.routes";
export { supportEndpoints } from "./support.routes";
export { ticketsWaitingOnClient, ticketsWaitingJson, ticketsWaitingFrom } from "./tickets-waiting.service";
export { ticketsInPeriod, type SupportInPeriod } from "./tickets-in-period.service";
export { addReply } from "./reply.service";
export { updateTicket } from "./update-ticket.service";
