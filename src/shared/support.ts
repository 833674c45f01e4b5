import { z } from "zod";
import { longTextField, plainString, textField } from "./fields";
import { pageField } from "./int-field";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "./support-labels";

/* ---------- Files uploaded on their own, then sent with a message (ADR 0022, "streamed uploads") ---------- */

/** A file may weigh at most 5 MB, and the files of one message 20 MB together. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_MESSAGE_FILES_BYTES = 20 * 1024 * 1024;
/** An upload no message took within this many hours is removed. */
export const UNSENT_UPLOAD_HOURS = 24;

/** POST /api/tickets/uploads?fileName=…: the file's own bytes are the body. */
export const ZUploadFileQuery = z.object({
  fileName: textField.meta({ description: "The file's name, as the thread will show it." }),
});

export const ZUploadFileResponse = z.object({
  id: z.uuid().meta({ description: "Send it in `uploadIds` of a new ticket or a reply." }),
  fileName: z.string(),
  contentType: z.string().meta({ description: "Read from the bytes, never from the name or the request's type." }),
  sizeBytes: z.number().int(),
});
export type TUploadFileResponse = z.infer<typeof ZUploadFileResponse>;

/** The uploads a message takes, in the order they were uploaded. */
export const uploadIdsField = z
  .array(z.uuid("Not an upload id"))
  .max(10, "At most 10 files per message")
  .default([])
  .meta({ description: "Files uploaded first with POST /api/tickets/uploads, by the caller, within 24 hours." });

/** The upload's schemas: its body is the file's own bytes, declared by the endpoint (not JSON). */
export const supportUploadsSchemas = {
  uploadTicketFile: { query: ZUploadFileQuery, response: ZUploadFileResponse },
};
export type SupportUploadsSchemas = typeof supportUploadsSchemas;

/* ---------- Requests and responses of the support (tickets) endpoints ---------- */

const dateTime = () => z.iso.datetime();
const category = z.enum(TICKET_CATEGORIES, { error: "Pick a category" });
const priority = z.enum(TICKET_PRIORITIES, { error: "Pick a priority" });
const status = z.enum(TICKET_STATUSES, { error: "Pick a status" });

/**
 * A file sent with a message, base64-encoded; its type is read from its bytes on the server, which
 * also checks the alphabet slice by slice as it decodes (a regular expression over megabytes of
 * text would hold the server's thread).
 */
export const ZAttachmentUpload = z.object({
  fileName: textField,
  contentBase64: z
    .string()
    .max(7_200_000, "A file may be at most 5 MB")
    .meta({ format: "byte", description: "The file's bytes in base64 (A–Z, a–z, 0–9, + and /, = padding)" }),
});
const attachments = z.array(ZAttachmentUpload).max(10, "At most 10 files per message").default([]);

export const ZCreateTicketRequest = z.object({
  subject: textField,
  category,
  priority: priority.default("normal"),
  message: longTextField,
  automationId: z.uuid("Pick an automation of yours").nullish(),
  runId: z.uuid("Pick a run of that automation").nullish(),
  watcherIds: z.array(plainString(64)).max(50).default([]),
  attachments,
  uploadIds: uploadIdsField,
});
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

export const ZReplyRequest = z.object({
  body: longTextField,
  /** Staff only: an internal note is never shown to, returned to or emailed to the client. */
  internal: z.boolean().default(false),
  attachments,
  uploadIds: uploadIdsField,
});
export type TReplyRequest = z.input<typeof ZReplyRequest>;

export const ZUpdateTicketRequest = z
  .object({ status: status.optional(), priority: priority.optional(), assigneeId: plainString(64).nullish() })
  .refine((value) => Object.values(value).some((field) => field !== undefined), "Change at least one field");
export type TUpdateTicketRequest = z.input<typeof ZUpdateTicketRequest>;

export const ZListTicketsQuery = z.object({
  mine: z.enum(["true", "false"]).default("false"),
  page: pageField,
});

export const ZStaffTicketsQuery = z.object({
  status: z.enum([...TICKET_STATUSES, "active"]).optional(),
  priority: priority.optional(),
  assigneeId: plainString(64).optional(),
  companyId: z.uuid("Pick a client").optional(),
  breached: z.enum(["true", "false"]).optional(),
  page: pageField,
});
export type TStaffTicketsQuery = z.input<typeof ZStaffTicketsQuery>;

const ZRunSnapshot = z.object({ status: z.string(), startedAt: z.string(), errorMessage: z.string().nullable() });

export const ZSla = z.object({
  firstResponseDueAt: dateTime().nullable().meta({ description: "Null once staff answered." }),
  resolutionDueAt: dateTime().nullable().meta({ description: "Null when resolved or while paused." }),
  paused: z.boolean().meta({ description: "Waiting on the client: the resolution clock stands still." }),
  breached: z.boolean(),
  msLeft: z.number().nullable().meta({ description: "Until the nearest target; negative once breached." }),
});

export const ZTicketSummary = z.object({
  id: z.uuid(),
  subject: z.string(),
  category,
  priority,
  status,
  companyId: z.uuid(),
  companyName: z.string(),
  openedByName: z.string().nullable(),
  assigneeName: z.string().nullable(),
  automationName: z.string().nullable(),
  createdAt: dateTime(),
  lastMessageAt: dateTime(),
  sla: ZSla,
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;

export const ZListTicketsResponse = z.object({
  tickets: z.array(ZTicketSummary),
  total: z.number().int(),
  pageSize: z.number().int(),
});
export type TListTicketsResponse = z.infer<typeof ZListTicketsResponse>;

export const ZStaffTicketsResponse = ZListTicketsResponse.extend({
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TStaffTicketsResponse = z.infer<typeof ZStaffTicketsResponse>;

/** The clients that have tickets, by name: the queue's client filter (read once, not with every page). */
export const ZTicketCompaniesResponse = z.object({
  companies: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TTicketCompaniesResponse = z.infer<typeof ZTicketCompaniesResponse>;

export const ZTicketAttachment = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});

export const ZTicketMessage = z.object({
  id: z.uuid(),
  side: z.enum(["client", "staff"]),
  kind: z.enum(["public", "internal"]),
  via: z.enum(["portal", "email"]),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: dateTime(),
  attachments: z.array(ZTicketAttachment),
});

export const ZGetTicketResponse = ZTicketSummary.extend({
  assigneeId: z.string().nullable(),
  automationId: z.uuid().nullable(),
  runId: z.uuid().nullable(),
  runSnapshot: ZRunSnapshot.nullable(),
  previousTicketId: z.uuid().nullable(),
  resolvedAt: dateTime().nullable(),
  watchers: z.array(z.object({ id: z.string(), name: z.string() })),
  messages: z.array(ZTicketMessage),
});
export type TGetTicketResponse = z.infer<typeof ZGetTicketResponse>;

export const ZTicketChangedResponse = z.object({
  id: z.uuid().meta({ description: "The ticket the message went to (a new one after the reopen window)." }),
  status,
  message: z.string().meta({ description: "What happened, in words for the user." }),
});

export const ZCannedReplyRequest = z.object({ title: textField, body: longTextField });
export type TCannedReplyRequest = z.input<typeof ZCannedReplyRequest>;
export const ZCannedReply = z.object({ id: z.uuid(), title: z.string(), body: z.string() });
export const ZListCannedRepliesResponse = z.object({ replies: z.array(ZCannedReply) });
export const ZCannedReplyResponse = ZCannedReply;

export const ZTicketStatsResponse = z.object({
  openByAge: z.object({
    underOneDay: z.number().int(),
    oneToThreeDays: z.number().int(),
    threeToSevenDays: z.number().int(),
    overSevenDays: z.number().int(),
  }),
  breaches: z.object({ firstResponse: z.number().int(), resolution: z.number().int() }),
});
export type TTicketStatsResponse = z.infer<typeof ZTicketStatsResponse>;

export const ZInboundEmailResponse = z.object({ ticketId: z.uuid(), messageId: z.uuid() });

const minutesField = (label: string) =>
  z
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(5, `${label} must be at least 5 minutes`)
    .max(60 * 24 * 90, `${label} must be at most 90 days`);
export const ZSlaTarget = z.object({
  priority,
  firstResponseMinutes: minutesField("First response"),
  resolutionMinutes: minutesField("Resolution"),
});
export const ZSlaTargetsResponse = z.object({ targets: z.array(ZSlaTarget) });
export type TSlaTargetsResponse = z.infer<typeof ZSlaTargetsResponse>;
export const ZUpdateSlaTargetsRequest = z.object({ targets: z.array(ZSlaTarget).min(1).max(4) });
export type TUpdateSlaTargetsRequest = z.input<typeof ZUpdateSlaTargetsRequest>;

/* ---------- The support endpoints' schemas, by operation id ---------- */

const ZTicketIdParam = z.object({ id: z.uuid() });

export const supportSchemas = {
  listTickets: { query: ZListTicketsQuery, response: ZListTicketsResponse },
  createTicket: {
    body: ZCreateTicketRequest.meta({
      example: {
        subject: "Invoices missing",
        category: "broken_automation",
        message: "Monday's invoices are missing.",
      },
    }),
    response: ZTicketChangedResponse,
  },
  getTicket: { params: ZTicketIdParam, response: ZGetTicketResponse },
  replyToTicket: {
    params: ZTicketIdParam,
    body: ZReplyRequest.meta({ example: { body: "It works again, thank you." } }),
    response: ZTicketChangedResponse,
  },
  downloadTicketAttachment: { params: z.object({ id: z.uuid(), attachmentId: z.uuid() }), response: null },
  staffTicketQueue: { query: ZStaffTicketsQuery, response: ZStaffTicketsResponse },
  staffTicketStats: { response: ZTicketStatsResponse },
  staffTicketCompanies: { response: ZTicketCompaniesResponse },
  updateTicket: {
    params: ZTicketIdParam,
    body: ZUpdateTicketRequest.meta({ example: { status: "resolved" } }),
    response: ZTicketChangedResponse,
  },
  listCannedReplies: { response: ZListCannedRepliesResponse },
  saveCannedReply: {
    body: ZCannedReplyRequest.meta({ example: { title: "Fixed", body: "We fixed it; it runs again." } }),
    response: ZCannedReplyResponse,
  },
  deleteCannedReply: { params: ZTicketIdParam, response: ZCannedReplyResponse },
  listSlaTargets: { response: ZSlaTargetsResponse },
  updateSlaTargets: {
    body: ZUpdateSlaTargetsRequest.meta({
      example: { targets: [{ priority: "urgent", firstResponseMinutes: 30, resolutionMinutes: 240 }] },
    }),
    response: ZSlaTargetsResponse,
  },
  /** The body is the raw MIME message, read by the handler. */
  receiveReplyEmail: { response: ZInboundEmailResponse },
};
export type SupportSchemas = typeof supportSchemas;
