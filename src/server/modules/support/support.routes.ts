import { z } from "zod";
import {
  ZCreateTicketRequest,
  ZGetTicketResponse,
  ZListTicketsQuery,
  ZListTicketsResponse,
  ZReplyRequest,
  ZTicketChangedResponse,
} from "../../../shared/support";
import { ZUploadFileQuery, ZUploadFileResponse } from "../../../shared/support-uploads";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { AppError } from "../../lib/app-error";
import { createTicket } from "./create-ticket.service";
import { getAttachment, getTicket } from "./get-ticket.service";
import { listTickets } from "./list-tickets.service";
import { addReply } from "./reply.service";
import { uploadFile } from "./upload-file.service";
import type { AttachmentStore } from "./attachment-store";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const byId = z.object({ id: z.uuid() });
// Messages carry files: 20 MB per message, base64-encoded (4/3: 26.7 MB), and the text.
const MESSAGE_BODY_LIMIT_BYTES = 30 * 1024 * 1024;

const base = { access: "member", tag: "Support" } as const;

const listEndpoint = endpoint({
  ...base,
  method: "get",
  path: "/",
  operationId: "listTickets",
  summary: "The tickets of the caller's company (mine=true: those they opened or watch), latest activity first",
  request: { query: ZListTicketsQuery },
  responses: { 200: json(ZListTicketsResponse, "One page of tickets.") },
});

const createEndpoint = endpoint({
  ...base,
  method: "post",
  path: "/",
  operationId: "createTicket",
  maxBodyBytes: MESSAGE_BODY_LIMIT_BYTES,
  summary: "Open a ticket, optionally about one automation and one of its runs",
  request: {
    body: ZCreateTicketRequest.meta({
      example: {
        subject: "Invoices missing",
        category: "broken_automation",
        message: "Monday's invoices are missing.",
      },
    }),
  },
  responses: { 201: json(ZTicketChangedResponse, "The new ticket; the agency is told by email.") },
});

const getEndpoint = endpoint({
  ...base,
  method: "get",
  path: "/{id}",
  operationId: "getTicket",
  summary: "A ticket and its thread (internal notes only for staff)",
  request: { params: byId },
  responses: { 200: json(ZGetTicketResponse, "The ticket.") },
});

const replyEndpoint = endpoint({
  ...base,
  method: "post",
  path: "/{id}/messages",
  operationId: "replyToTicket",
  maxBodyBytes: MESSAGE_BODY_LIMIT_BYTES,
  summary: "Reply on a ticket (staff: or add an internal note); the status moves and the other side is told",
  description:
    "A staff reply sets Waiting on client, a client reply Waiting on agency. A client reply within 7 days of the " +
    "resolution reopens the ticket; later, it starts a new ticket linked to the old one (its id is answered). " +
    "Files: images, PDF or text, 5 MB each and 20 MB per message: uploaded first (uploadIds, see " +
    "uploadTicketFile), or base64-encoded in `attachments`.",
  request: {
    params: byId,
    body: ZReplyRequest.meta({ example: { body: "It works again, thank you." } }),
  },
  responses: { 201: json(ZTicketChangedResponse, "The ticket the reply went to, and its status.") },
});

const attachmentEndpoint = endpoint({
  ...base,
  method: "get",
  path: "/{id}/attachments/{attachmentId}",
  operationId: "downloadTicketAttachment",
  summary: "One file of a ticket, as a download",
  request: { params: z.object({ id: z.uuid(), attachmentId: z.uuid() }) },
  responses: {
    200: {
      description: "The file's bytes, with Content-Disposition: attachment and X-Content-Type-Options: nosniff.",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
  },
});

const uploadEndpoint = endpoint({
  ...base,
  method: "post",
  path: "/uploads",
  operationId: "uploadTicketFile",
  // A file uploaded on its own (5 MB; the upload itself refuses a sixth megabyte with a readable 413).
  maxBodyBytes: 6 * 1024 * 1024,
  summary: "Upload one file, to send it with a new ticket or a reply (uploadIds) within 24 hours",
  description:
    "The body is the file's own bytes (not base64, not JSON), with any Content-Type and a Content-Length; the name " +
    "goes in the query. Images, PDF or text, at most 5 MB (413 past it), counted in the company's file storage " +
    "from now on (413 when it is full). Only the uploader may send it, and only on their company's tickets. " +
    "The portal's forms upload each file this way first.",
  request: {
    query: ZUploadFileQuery,
    raw: { description: "The file's bytes." },
  },
  responses: { 201: json(ZUploadFileResponse, "The file is stored until a message takes it.") },
});

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, "_");

/** The help desk as a client company's members use it (staff: every company's tickets). */
export function supportRoutes({
  db,
  config,
  mailer,
  files,
}: {
  db: Database;
  config: Config;
  mailer: Mailer;
  files: AttachmentStore;
}) {
  const deps = () => ({ config, now: new Date(), files });
  return createRouter()
    .openapi(listEndpoint, async (c) =>
      c.json(await listTickets(db, c.get("scope"), c.get("user").id, c.req.valid("query"), new Date()), 200),
    )
    .openapi(createEndpoint, async (c) => {
      const created = await createTicket(db, c.get("scope"), c.get("user"), c.req.valid("json"), deps());
      if (created.told) mailer.nudge();
      return c.json({ id: created.id, status: "open" as const, message: "Ticket opened. The agency is told." }, 201);
    })
    .openapi(getEndpoint, async (c) =>
      c.json(await getTicket(db, c.get("scope"), c.req.valid("param").id, new Date()), 200),
    )
    .openapi(uploadEndpoint, async (c) => {
      const body = c.req.raw.body;
      if (!body) throw new AppError("VALIDATION", "Send the file's bytes as the request's body.");
      const length = c.req.header("content-length");
      const input = { fileName: c.req.valid("query").fileName, declaredBytes: length ? Number(length) : null, body };
      return c.json(await uploadFile(db, files, c.get("scope"), c.get("user"), input, deps()), 201);
    })
    .openapi(replyEndpoint, async (c) => {
      const { body, internal, attachments, uploadIds } = c.req.valid("json");
      const input = { body, internal, files: attachments, uploadIds, via: "portal" as const };
      const done = await addReply(db, c.get("scope"), c.get("user"), c.req.valid("param").id, input, deps());
      if (done.told) mailer.nudge();
      return c.json({ id: done.id, status: done.status, message: done.message }, 201);
    })
    .openapi(attachmentEndpoint, async (c) => {
      const { id, attachmentId } = c.req.valid("param");
      const file = await getAttachment(db, files, c.get("scope"), id, attachmentId);
      return c.body(file.body, 200, {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        "Content-Length": String(file.sizeBytes),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      }) as never;
    });
}
