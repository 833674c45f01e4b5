/** The alert channels module's front door: the endpoints, the event other modules emit, and the delivery worker. */
export { agencyChannelsEndpoints, companyChannelsEndpoints } from "./channels.routes";
export { emitChannelEvent, type ChannelEvent, type EventView } from "./emit-event";
export { deliverDueEvents } from "./deliver.service";
export { emitAutomationEvent, emitInvoiceEvent, emitProposalEvent, emitTicketEvent } from "./events";
export { eventCatalogue } from "./event-catalogue";
