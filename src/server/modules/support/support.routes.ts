import { z } from "zod";
import { supportOps } from "../../../shared/operations/support";
import { supportSchemas } from "../../../shared/support";
import { supportUploadsSchemas } from "../../../shared/support";
import { endpoint, handle, json, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { AppError } from "../../lib/app-error";
import { createTicket } from "./create-ticket.service";
import { getAttachment, getTicket } from "./get-ticket.service";
import { listTickets } from "./list-tickets.service";
import { addReply } from "./reply.service";
import { uploadFile } from "./upload-file.service";

// Messages carry files: 20 MB per message, base64-encoded (4/3: 26.7 MB), and the text.
const MESSAGE_BODY_LIMIT_BYTES = 30 * 1024 * 1024;

const base = { access: "member", tag: "Support" } as const;

const listEndpoint = operationEndpoint({
  ...base,
  operation: supportOps.listTickets,
  schemas: supportSchemas.listTickets,
  summary: "The tickets of the caller's company (mine=true: those they opened or watch), latest activity first",
  ok: "One page of tickets.",
});

const createEndpoint = operationEndpoint({
  ...base,
  operation: supportOps.createTicket,
  schemas: supportSchemas.createTicket,
  maxBodyBytes: MESSAGE_BODY_LIMIT_BYTES,
  summary: "Open a ticket, optionally about one automation and one of its runs",
  ok: "The new ticket; the agency is told by email.",
  okStatus: 201,
});

const getEndpoint = operationEndpoint({
  ...base,
  operation: supportOps.getTicket,
  schemas: supportSchemas.getTicket,
  summary: "A ticket and its thread (internal notes only for staff)",
  ok: "The ticket.",
});

const replyEndpoint = operationEndpoint({
  ...base,
  operation: supportOps.replyToTicket,
  schemas: supportSchemas.replyToTicket,
  maxBodyBytes: MESSAGE_BODY_LIMIT_BYTES,
  summary: "Reply on a ticket (staff: or add an internal note); the status moves and the other side is told",
  description:
    "A staff reply sets Waiting on client, a client reply Waiting on agency. A client reply within 7 days of the " +
    "resolution reopens the ticket; later, it starts a new ticket linked to the old one (its id is answered). " +
    "Files: images, PDF or text, 5 MB each and 20 MB per message: uploaded first (uploadIds, see " +
    "uploadTicketFile), or base64-encoded in `attachments`.",
  ok: "The ticket the reply went to, and its status.",
  okStatus: 201,
});

const attachmentEndpoint = operationEndpoint({
  ...base,
  operation: supportOps.downloadTicketAttachment,
  schemas: supportSchemas.downloadTicketAttachment,
  summary: "One file of a ticket, as a download",
  ok: "The file's bytes, with Content-Disposition: attachment and X-Content-Type-Options: nosniff.",
  responses: {
    200: {
      description: "The file's bytes, with Content-Disposition: attachment and X-Content-Type-Options: nosniff.",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
  },
});

/**
 * The one endpoint whose body is raw bytes: `operationEndpoint` declares JSON bodies only, so it is
 * declared with `endpoint` from the same operation and schemas.
 */
const uploadOperation = supportOps.uploadTicketFile;
const uploadEndpoint = endpoint({
  ...base,
  method: uploadOperation.method as "post",
  // The API router is mounted at /api.
  path: uploadOperation.path.replace(/^\/api/, ""),
  operationId: uploadOperation.operationId,
  // A file uploaded on its own (5 MB; the upload itself refuses a sixth megabyte with a readable 413).
  maxBodyBytes: 6 * 1024 * 1024,
  summary: "Upload one file, to send it with a new ticket or a reply (uploadIds) within 24 hours",
  description:
    "The body is the file's own bytes (not base64, not JSON), with any Content-Type and a Content-Length; the name " +
    "goes in the query. Images, PDF or text, at most 5 MB (413 past it), counted in the company's file storage " +
    "from now on (413 when it is full). Only the uploader may send it, and only on their company's tickets. " +
    "The portal's forms upload each file this way first.",
  request: {
    query: supportUploadsSchemas.uploadTicketFile.query,
    raw: { description: "The file's bytes." },
  },
  responses: {
    201: json(supportUploadsSchemas.uploadTicketFile.response, "The file is stored until a message takes it."),
  },
});

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, "_");

/** The help desk as a client company's members use it (staff: every company's tickets). */
export const supportEndpoints = () => [
  handle(listEndpoint, async (c) => c.json(await listTickets(actorContextOf(c), c.req.valid("query")), 200)),
  handle(createEndpoint, async (c) => {
    const created = await createTicket(actorContextOf(c), c.req.valid("json"));
    return c.json({ id: created.id, status: "open" as const, message: "Ticket opened. The agency is told." }, 201);
  }),
  handle(getEndpoint, async (c) => c.json(await getTicket(contextOf(c), { id: c.req.valid("param").id }), 200)),
  handle(uploadEndpoint, async (c) => {
    const body = c.req.raw.body;
    if (!body) throw new AppError("VALIDATION", "Send the file's bytes as the request's body.");
    const length = c.req.header("content-length");
    const input = { fileName: c.req.valid("query").fileName, declaredBytes: length ? Number(length) : null, body };
    return c.json(await uploadFile(actorContextOf(c), input), 201);
  }),
  handle(replyEndpoint, async (c) => {
    const { body, internal, attachments, uploadIds } = c.req.valid("json");
    const input = {
      ticketId: c.req.valid("param").id,
      body,
      internal,
      files: attachments,
      uploadIds,
      via: "portal" as const,
    };
    const done = await addReply(actorContextOf(c), input);
    return c.json({ id: done.id, status: done.status, message: done.message }, 201);
  }),
  handle(attachmentEndpoint, async (c) => {
    const { id, attachmentId } = c.req.valid("param");
    const file = await getAttachment(contextOf(c), { ticketId: id, attachmentId });
    return c.body(file.body, 200, {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Content-Length": String(file.sizeBytes),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    }) as never;
  }),
];
