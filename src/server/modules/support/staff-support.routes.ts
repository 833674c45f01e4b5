import { z } from "zod";
import {
  ZCannedReplyRequest,
  ZCannedReplyResponse,
  ZListCannedRepliesResponse,
  ZSlaTargetsResponse,
  ZStaffTicketsQuery,
  ZStaffTicketsResponse,
  ZTicketChangedResponse,
  ZTicketStatsResponse,
  ZUpdateSlaTargetsRequest,
  ZUpdateTicketRequest,
} from "../../../shared/support";
import { actorOf } from "../../http/actor";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { deleteCannedReply, listCannedReplies, saveCannedReply } from "./canned-replies.service";
import { listSlaTargets, updateSlaTargets } from "./sla-targets.service";
import { staffQueue } from "./staff-queue.service";
import { ticketStats } from "./ticket-stats.service";
import { updateTicket } from "./update-ticket.service";
import type { Database } from "../../db/client";

const byId = z.object({ id: z.uuid() });
const staff = { access: "staff", tag: "Staff: support" } as const;

const queueEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/tickets",
  operationId: "staffTicketQueue",
  summary: "Every company's tickets, filtered, the nearest SLA deadline first",
  request: { query: ZStaffTicketsQuery },
  responses: { 200: json(ZStaffTicketsResponse, "One page of the queue, with the staff and clients to filter by.") },
});

const statsEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/tickets/stats",
  operationId: "staffTicketStats",
  summary: "Open tickets by age, and tickets past an SLA target",
  responses: { 200: json(ZTicketStatsResponse, "The figures of the /admin tiles.") },
});

const updateEndpoint = endpoint({
  ...staff,
  method: "patch",
  path: "/tickets/{id}",
  operationId: "updateTicket",
  summary: "Set a ticket's status by hand, its priority or its assignee",
  request: { params: byId, body: ZUpdateTicketRequest.meta({ example: { status: "resolved" } }) },
  responses: { 200: json(ZTicketChangedResponse, "The ticket's new status.") },
});

const listCannedEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/canned-replies",
  operationId: "listCannedReplies",
  summary: "The replies the team saved for reuse",
  responses: { 200: json(ZListCannedRepliesResponse, "By title.") },
});

const saveCannedEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/canned-replies",
  operationId: "saveCannedReply",
  summary: "Save a reply for the team to reuse",
  request: { body: ZCannedReplyRequest.meta({ example: { title: "Fixed", body: "We fixed it; it runs again." } }) },
  responses: { 201: json(ZCannedReplyResponse, "The saved reply.") },
});

const deleteCannedEndpoint = endpoint({
  ...staff,
  method: "delete",
  path: "/canned-replies/{id}",
  operationId: "deleteCannedReply",
  summary: "Delete a saved reply",
  request: { params: byId },
  responses: { 200: json(ZCannedReplyResponse, "The deleted reply.") },
});

const listSlaEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/sla-targets",
  operationId: "listSlaTargets",
  summary: "The first-response and resolution targets per priority, in minutes",
  responses: { 200: json(ZSlaTargetsResponse, "Most urgent first.") },
});

const updateSlaEndpoint = endpoint({
  ...staff,
  method: "put",
  path: "/sla-targets",
  operationId: "updateSlaTargets",
  summary: "Change the targets of one or more priorities",
  request: {
    body: ZUpdateSlaTargetsRequest.meta({
      example: { targets: [{ priority: "urgent", firstResponseMinutes: 30, resolutionMinutes: 240 }] },
    }),
  },
  responses: { 200: json(ZSlaTargetsResponse, "The targets now.") },
});

/** The staff side of the help desk (the thread and replies use the member endpoints, which reach every company for staff). */
export function staffSupportRoutes(db: Database) {
  return createRouter()
    .openapi(queueEndpoint, async (c) => c.json(await staffQueue(db, c.req.valid("query"), new Date()), 200))
    .openapi(statsEndpoint, async (c) => c.json(await ticketStats(db, new Date()), 200))
    .openapi(updateEndpoint, async (c) =>
      c.json(await updateTicket(db, actorOf(c), c.req.valid("param").id, c.req.valid("json"), new Date()), 200),
    )
    .openapi(listSlaEndpoint, async (c) => c.json({ targets: await listSlaTargets(db) }, 200))
    .openapi(updateSlaEndpoint, async (c) =>
      c.json({ targets: await updateSlaTargets(db, actorOf(c), c.req.valid("json").targets) }, 200),
    )
    .openapi(listCannedEndpoint, async (c) => c.json({ replies: await listCannedReplies(db) }, 200))
    .openapi(saveCannedEndpoint, async (c) => c.json(await saveCannedReply(db, actorOf(c), c.req.valid("json")), 201))
    .openapi(deleteCannedEndpoint, async (c) =>
      c.json(await deleteCannedReply(db, actorOf(c), c.req.valid("param").id), 200),
    );
}
